import type { Category } from "@/domain/service/fields";

import { HALF_WIDTH, shade, vehicle, wheel, type VehicleKind } from "./vehicles";

/**
 * The demo pictures: flat workshop scenes in one palette family, drawn as SVG so the seed can
 * render them with sharp instead of shipping photos. Everything is a pure function of its
 * parameters: the same scene is the same bytes everywhere.
 */

/** `hidden`: body colours that would vanish against this palette. */
type Palette = {
  wall: string;
  wallLow: string;
  floor: string;
  board: string;
  accent: string;
  beam: string;
  sky: string;
  hidden: readonly string[];
};

const PALETTES: readonly Palette[] = [
  {
    wall: "#dde6f0",
    wallLow: "#c5d3e3",
    floor: "#8b9bb0",
    board: "#eef2f7",
    accent: "#2563eb",
    beam: "#1e3a8a",
    sky: "#bfe3f7",
    hidden: ["#2563eb"],
  },
  {
    wall: "#eee5d6",
    wallLow: "#ddcdb5",
    floor: "#a39a90",
    board: "#f7f1e6",
    accent: "#c2410c",
    beam: "#7c2d12",
    sky: "#cde8f5",
    hidden: [],
  },
  {
    wall: "#d9eee8",
    wallLow: "#bfdfd5",
    floor: "#8fa19c",
    board: "#eef7f4",
    accent: "#0f766e",
    beam: "#134e4a",
    sky: "#c7e9f3",
    hidden: ["#0f766e"],
  },
  {
    wall: "#3b4a5f",
    wallLow: "#2c394b",
    floor: "#53637a",
    board: "#4a5b72",
    accent: "#f59e0b",
    beam: "#1e293b",
    sky: "#9dc4e0",
    hidden: ["#f59e0b", "#475569"],
  },
];

const BODY_COLORS = ["#dc2626", "#2563eb", "#0f766e", "#f59e0b", "#475569", "#be185d"] as const;

/** Machines keep their trade colours: yellow diggers, green, red or blue tractors. */
const TRADE_COLORS: Partial<Record<VehicleKind, readonly string[]>> = {
  excavator: ["#f59e0b", "#eab308", "#ea580c"],
  tractor: ["#16a34a", "#dc2626", "#2563eb"],
};

/** The body colour, skipping those the palette hides (a teal car on a teal lift would vanish). */
function bodyColor(kind: VehicleKind, color: number, palette: Palette): string {
  const trade = TRADE_COLORS[kind];
  if (trade) return trade[color % trade.length]!;
  const visible = BODY_COLORS.filter((candidate) => !palette.hidden.includes(candidate));
  return visible[color % visible.length]!;
}

const W = 800;
const H = 600;
const FLOOR = 440;

export type SceneKind = "bay" | "exterior" | "tools" | "roadside";
export type Scene = { scene: SceneKind; vehicle: VehicleKind; palette: number; color: number; variant: number };

/** Pixel size the seed renders at: 4:3 like the cards, wider than the 480 px card copy. */
export const SCENE_PIXELS = { width: 800, height: 600 } as const;

function rect(x: number, y: number, width: number, height: number, fill: string, rx = 0): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"/>`;
}

function lamp(x: number, top: number, length: number, color: string): string {
  const y = top + length;
  return `<path d="M${x} ${top}V${y}" stroke="#475569" stroke-width="3"/><path d="M${x - 150} ${FLOOR}L${x - 34} ${y + 16}H${x + 34}L${x + 150} ${FLOOR}Z" fill="#fffbe6" opacity="0.22"/><path d="M${x - 34} ${y + 18}L${x - 18} ${y}H${x + 18}L${x + 34} ${y + 18}Z" fill="${color}"/>`;
}

const TOOL_STEEL = "#94a3b8";

function wrench(x: number, y: number, size: number, board: string): string {
  return `<g transform="translate(${x} ${y})"><rect x="-5" y="${-size * 0.55}" width="10" height="${size}" rx="5" fill="${TOOL_STEEL}"/><circle cx="0" cy="${-size * 0.6}" r="${size * 0.2}" fill="${TOOL_STEEL}"/><rect x="-4" y="${-size * 0.86}" width="8" height="${size * 0.24}" fill="${board}"/></g>`;
}

function hammer(x: number, y: number, handle: string): string {
  return `<g transform="translate(${x} ${y})"><rect x="-5" y="-40" width="10" height="82" rx="4" fill="${handle}"/><rect x="-22" y="-54" width="44" height="18" rx="3" fill="#64748b"/></g>`;
}

function screwdriver(x: number, y: number, grip: string): string {
  return `<g transform="translate(${x} ${y})"><rect x="-7" y="-44" width="14" height="36" rx="6" fill="${grip}"/><rect x="-2" y="-10" width="4" height="52" fill="${TOOL_STEEL}"/></g>`;
}

/** A pegboard of tools; `dense` fills a close-up wall. */
function toolBoard(x: number, y: number, width: number, height: number, palette: Palette, dense = false): string {
  const tools: string[] = [];
  const step = dense ? 54 : 62;
  const grips = [palette.accent, "#dc2626", "#f59e0b", "#16a34a"];
  for (let index = 0, tx = x + 34; tx < x + width - 24; index++, tx += step) {
    const kind = index % 4;
    const ty = y + height / 2 + 6;
    if (kind === 0) tools.push(wrench(tx, ty, 60 + (index % 3) * 10, palette.board));
    else if (kind === 1) tools.push(hammer(tx, ty, "#b45309"));
    else if (kind === 2) tools.push(screwdriver(tx, ty, grips[index % grips.length]!));
    else tools.push(wrench(tx, ty, 48, palette.board));
  }
  return `${rect(x, y, width, height, palette.board, 6)}${rect(x, y + height - 10, width, 10, shade(palette.board, -0.12), 3)}${tools.join("")}`;
}

function tyreStack(x: number, count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const y = FLOOR + 24 - (index + 1) * 34;
    return `${rect(x - 50, y, 100, 34, "#1f2937", 12)}${rect(x - 40, y + 14, 80, 6, "#374151", 3)}`;
  }).join("");
}

function toolCart(x: number, color: string): string {
  const drawers = [0, 1, 2, 3]
    .map(
      (index) =>
        `${rect(x - 52, FLOOR - 132 + index * 26, 104, 20, shade(color, -0.15), 3)}${rect(x - 14, FLOOR - 125 + index * 26, 28, 5, "#e2e8f0", 2)}`,
    )
    .join("");
  return `${rect(x - 60, FLOOR - 146, 120, 128, color, 8)}${drawers}${rect(x - 66, FLOOR - 152, 132, 10, "#334155", 4)}<circle cx="${x - 42}" cy="${FLOOR - 8}" r="9" fill="#1f2937"/><circle cx="${x + 42}" cy="${FLOOR - 8}" r="9" fill="#1f2937"/>`;
}

function drums(x: number, color: string): string {
  return [0, 1]
    .map((index) => {
      const dx = x + index * 56 - 28;
      return `${rect(dx - 24, FLOOR - 84, 48, 84, color, 6)}${rect(dx - 24, FLOOR - 62, 48, 6, shade(color, -0.25))}${rect(dx - 24, FLOOR - 30, 48, 6, shade(color, -0.25))}`;
    })
    .join("");
}

function cone(x: number, y: number): string {
  return `<path d="M${x - 24} ${y}L${x - 8} ${y - 56}H${x + 8}L${x + 24} ${y}Z" fill="#f97316"/><path d="M${x - 15} ${y - 26}H${x + 15}L${x + 12} ${y - 36}H${x - 12}Z" fill="#f8fafc"/>${rect(x - 30, y - 6, 60, 8, "#ea580c", 3)}`;
}

function windowsRow(palette: Palette, from: number, to: number): string {
  const panes: string[] = [];
  for (let x = from; x + 120 <= to; x += 150)
    panes.push(
      `${rect(x, 62, 120, 70, palette.beam, 6)}${rect(x + 6, 68, 108, 58, palette.sky, 3)}<path d="M${x + 60} 68V126" stroke="${palette.beam}" stroke-width="4"/>`,
    );
  return panes.join("");
}

/** A roll-up door; open, it shows the yard outside. */
function garageDoor(x: number, width: number, palette: Palette, open: boolean): string {
  const top = 120;
  const frame = rect(x - 10, top - 12, width + 20, FLOOR - top + 12, palette.beam, 6);
  if (open) {
    return `${frame}${rect(x, top, width, FLOOR - top, palette.sky)}${rect(x, FLOOR - 90, width, 90, "#86b98a")}<circle cx="${x + width * 0.7}" cy="${FLOOR - 96}" r="44" fill="#4d8a5a"/>${rect(x + width * 0.7 - 5, FLOOR - 70, 10, 40, "#7c5a3a")}${rect(x, top, width, 28, shade(palette.wall, -0.2))}`;
  }
  const slats = Array.from(
    { length: Math.floor((FLOOR - top) / 26) },
    (_, index) =>
      `<path d="M${x} ${top + 20 + index * 26}H${x + width}" stroke="${shade(palette.wallLow, -0.15)}" stroke-width="3"/>`,
  ).join("");
  return `${frame}${rect(x, top, width, FLOOR - top, palette.wallLow)}${slats}`;
}

function room(palette: Palette): string {
  return `${rect(0, 0, W, H, palette.wall)}${rect(0, 320, W, FLOOR - 320, palette.wallLow)}${rect(0, 0, W, 30, palette.beam)}`;
}

function floor(palette: Palette): string {
  return `${rect(0, FLOOR, W, H - FLOOR, palette.floor)}${rect(0, FLOOR, W, 14, shade(palette.floor, -0.12))}${rect(0, 560, W, 8, "#facc15")}`;
}

function shadow(x: number, y: number, half: number): string {
  return `<ellipse cx="${x}" cy="${y}" rx="${half * 0.95}" ry="16" fill="#0f172a" opacity="0.18"/>`;
}

/** A two-post lift: the posts stand behind the vehicle, the arms hold it up at `level`. */
function liftPosts(x: number, half: number, color: string): string {
  return [x - half - 30, x + half + 4]
    .map(
      (px) =>
        `${rect(px, 110, 26, FLOOR - 110 + 20, color, 4)}${rect(px - 10, FLOOR + 8, 46, 14, shade(color, -0.3), 4)}`,
    )
    .join("");
}

function liftArms(x: number, half: number, level: number, color: string): string {
  return rect(x - half - 30, level - 4, half * 2 + 60, 12, shade(color, -0.2), 4);
}

/** Hazard stripes along the edge of the inspection pit under a heavy vehicle. */
function pit(x: number, half: number): string {
  const left = x - half * 0.8;
  const width = half * 1.6;
  const stripes = Array.from(
    { length: Math.ceil(width / 28) },
    (_, index) => `<path d="M${left + index * 28} ${FLOOR + 52}l14-14h14l-14 14z" fill="#1f2937"/>`,
  ).join("");
  return `${rect(left, FLOOR + 38, width, 14, "#facc15")}${stripes}${rect(left, FLOOR + 52, width, 40, "#334155")}`;
}

const HEAVY: VehicleKind[] = ["truck", "bus", "trailer", "motorhome"];

/** Large enough to be the subject, small enough to leave the room around it. */
const sceneScale = (kind: VehicleKind) => Math.min(1.35, 270 / HALF_WIDTH[kind]);

function bay({ vehicle: kind, palette: p, color, variant }: Scene): string {
  const palette = PALETTES[p % PALETTES.length]!;
  const body = bodyColor(kind, color, palette);
  const flip = variant % 2 === 1;
  const half = HALF_WIDTH[kind];
  const scale = sceneScale(kind);
  const x = 400 + (variant === 2 ? 20 : variant === 3 ? -20 : 0);
  const onLift = kind === "car" || kind === "van";
  const ground = onLift && variant % 2 === 0 ? FLOOR - 70 : FLOOR + 30;
  const parts: string[] = [room(palette)];
  if (kind === "plane") {
    parts.push(garageDoor(70, 660, palette, true));
  } else if (variant === 1) {
    parts.push(garageDoor(560, 200, palette, true), toolBoard(60, 160, 300, 130, palette));
  } else if (variant === 3) {
    parts.push(garageDoor(40, 200, palette, false), toolBoard(440, 160, 320, 130, palette));
  } else {
    parts.push(
      windowsRow(palette, variant === 2 ? 80 : 250, 760),
      toolBoard(variant === 2 ? 470 : 40, 170, variant === 2 ? 290 : 190, 124, palette),
    );
  }
  parts.push(lamp(240, 30, 50, palette.accent), lamp(560, 30, 50, palette.accent), floor(palette));
  if (HEAVY.includes(kind)) parts.push(pit(x, half * scale));
  if (onLift) parts.push(liftPosts(x, half * scale, palette.accent));
  parts.push(shadow(x, FLOOR + 30, half * scale));
  if (onLift && ground < FLOOR) parts.push(liftArms(x, half * scale, ground + 2, palette.accent));
  parts.push(vehicle(kind, body, { x, y: ground, scale, flip }));
  if (kind !== "plane" && x - half * scale > 150) {
    const left = variant % 2 === 0 ? tyreStack(75, 3) : toolCart(80, palette.accent);
    const right =
      variant === 2 ? drums(735, palette.accent) : variant === 1 ? cone(735, FLOOR + 40) : toolCart(730, "#dc2626");
    parts.push(left, right);
  }
  return parts.join("");
}

function exterior({ vehicle: kind, palette: p, color, variant }: Scene): string {
  const palette = PALETTES[p % PALETTES.length]!;
  const body = bodyColor(kind, color, palette);
  const doors = [0, 1, 2].map((index) => {
    const x = 150 + index * 180;
    const open = index === variant % 3;
    if (open)
      return `${rect(x, 250, 140, 220, "#334155")}${rect(x, 250, 140, 22, shade(palette.wall, -0.25))}${rect(x + 20, 420, 100, 50, "#475569")}`;
    const slats = Array.from(
      { length: 8 },
      (_, n) =>
        `<path d="M${x} ${272 + n * 25}H${x + 140}" stroke="${shade(palette.wallLow, -0.15)}" stroke-width="3"/>`,
    ).join("");
    return `${rect(x, 250, 140, 220, palette.wallLow)}${slats}`;
  });
  const trees = [40, 760]
    .map(
      (x, index) =>
        `${rect(x - 6, 380, 12, 90, "#7c5a3a")}<circle cx="${x}" cy="${360 - index * 10}" r="${46 + index * 8}" fill="${index ? "#3f7d4f" : "#4d8a5a"}"/>`,
    )
    .join("");
  const half = HALF_WIDTH[kind];
  const scale = Math.min(0.8, 220 / half);
  const x = variant % 2 ? 800 - 40 - half * scale : 40 + half * scale;
  return [
    rect(0, 0, W, H, palette.sky),
    `<circle cx="${variant % 2 ? 120 : 690}" cy="90" r="40" fill="#fde68a"/>`,
    `<path d="M0 400Q200 320 420 380T800 360V470H0Z" fill="#a7cfa0"/>`,
    rect(100, 190, 600, 280, palette.wall),
    rect(90, 176, 620, 26, palette.beam, 4),
    rect(290, 206, 220, 34, palette.accent, 6),
    `<g transform="translate(316 223) rotate(-40)"><rect x="-4" y="-12" width="8" height="26" rx="4" fill="#f8fafc"/><circle cx="0" cy="-14" r="8" fill="#f8fafc"/><rect x="-3" y="-24" width="6" height="10" fill="${palette.accent}"/></g>`,
    rect(340, 216, 150, 6, "#f8fafc", 3),
    rect(340, 228, 104, 6, "#e2e8f0", 3),
    ...doors,
    trees,
    rect(0, 470, W, H - 470, "#6b7280"),
    rect(0, 470, W, 10, "#9ca3af"),
    ...[120, 300, 480, 660].map((x) => rect(x, 540, 70, 8, "#f8fafc", 3)),
    shadow(x, 560, half * scale),
    vehicle(kind, body, { x, y: 562, scale, flip: variant % 2 === 0 }),
  ].join("");
}

function tools({ palette: p, color, variant }: Scene): string {
  const palette = PALETTES[p % PALETTES.length]!;
  const cart = BODY_COLORS[color % BODY_COLORS.length]!;
  const bench = `${rect(60, 330, 520, 22, "#b45309", 4)}${rect(80, 352, 18, FLOOR - 352, "#475569")}${rect(540, 352, 18, FLOOR - 352, "#475569")}${rect(200, 300, 70, 30, "#475569", 4)}${rect(214, 290, 42, 12, "#64748b", 3)}`;
  return [
    room(palette),
    toolBoard(50, 70, 540, 110, palette, true),
    toolBoard(50, 196, 540, 110, palette, true),
    lamp(320, 30, 14, palette.accent),
    floor(palette),
    bench,
    toolCart(680, cart),
    `<g transform="translate(${variant % 2 ? 420 : 380} ${FLOOR + 60})">${wheel(0, 70, -70)}</g>`,
  ].join("");
}

/** A master's van by a car that broke down on the road. */
function roadside({ palette: p, color, variant }: Scene): string {
  const palette = PALETTES[p % PALETTES.length]!;
  const body = bodyColor("car", color, palette);
  return [
    rect(0, 0, W, H, palette.sky),
    `<circle cx="${variant % 2 ? 660 : 140}" cy="96" r="42" fill="#fde68a"/>`,
    `<path d="M0 330Q180 250 380 300T800 280V420H0Z" fill="#9cc79a"/>`,
    `<path d="M0 360Q260 320 520 350T800 340V420H0Z" fill="#7fb27f"/>`,
    rect(0, 410, W, 30, "#a3a3a3"),
    rect(0, 440, W, H - 440, "#57606e"),
    ...[40, 220, 400, 580, 760].map((x) => rect(x, 540, 90, 10, "#f8fafc", 3)),
    shadow(230, 500, 170 * 0.8),
    vehicle("van", palette.accent, { x: 230, y: 502, scale: 0.8 }),
    shadow(580, 500, HALF_WIDTH.car * 0.8),
    vehicle("car", body, { x: 580, y: 502, scale: 0.8, flip: true }),
    cone(400, 512),
    `<path d="M730 520l26-46 26 46z" fill="#dc2626"/><path d="M740 514l16-28 16 28z" fill="#f8fafc"/>`,
  ].join("");
}

const SCENES: Record<SceneKind, (scene: Scene) => string> = { bay, exterior, tools, roadside };

/** One demo picture as a standalone SVG document. */
export function sceneSvg(scene: Scene): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_PIXELS.width}" height="${SCENE_PIXELS.height}" viewBox="0 0 ${W} ${H}">${SCENES[scene.scene](scene)}</svg>`;
}

/** The vehicle each category shows; "any" is the everyday car. */
export const CATEGORY_VEHICLE: Record<Category, VehicleKind> = {
  any: "car",
  cars: "car",
  trucks: "truck",
  buses: "bus",
  trailers: "trailer",
  specialmachinery: "excavator",
  agriculturalmachinery: "tractor",
  watertransport: "boat",
  airtransport: "plane",
  motorhomes: "motorhome",
};

/**
 * The demo pictures of the index-th service, `count` of them (the first is the cover). Palette
 * and layout change with every index, so neighbouring cards differ; everything else follows from
 * them, and the other photos of a gallery are covers of other services or a few shared scenes,
 * which keeps the number of different pictures (each rendered and stored once) small. A master who
 * comes to you and fixes cars is shown at the roadside.
 */
export function demoScenes(index: number, category: Category, comesToYou: boolean, count: number): Scene[] {
  const vehicle = CATEGORY_VEHICLE[category];
  const palette = index % PALETTES.length;
  const variant = Math.floor(index / PALETTES.length) % 4;
  // The colour is not reduced to BODY_COLORS' length: bodyColor() reduces it over the colours this
  // palette shows, so the four layouts of one palette get four different colours.
  const bay = (p: number, v: number): Scene => ({
    scene: "bay",
    vehicle,
    palette: p % PALETTES.length,
    color: (p % PALETTES.length) + (v % 4),
    variant: v % 4,
  });
  const exterior = (p: number): Scene => ({
    scene: "exterior",
    vehicle,
    palette: p % PALETTES.length,
    color: (p % PALETTES.length) + 1,
    variant: p % 3,
  });
  const roadside = comesToYou && vehicle === "car";
  const scenes: Scene[] = [
    roadside
      ? { scene: "roadside", vehicle, palette, color: palette + (variant % 2), variant: variant % 2 }
      : bay(palette, variant),
    exterior(palette),
    bay(palette + 1, variant + 1),
    { scene: "tools", vehicle: "car", palette, color: palette, variant: 0 },
    roadside ? bay(palette + 2, variant + 2) : exterior(palette + 2),
    bay(palette + 3, variant + 3),
  ];
  return scenes.slice(0, count);
}
