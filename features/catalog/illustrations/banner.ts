import { shade, vehicle } from "./vehicles";

/**
 * The home page's banner: a workshop and the vehicles the directory serves, in the brand's blues
 * with amber, on a transparent ground so it sits on the hero's gradient. Its middle (x 200–1000)
 * holds what matters: wide screens show all of it, narrow ones a crop of that middle.
 */
const W = 1200;
const H = 400;
const ROAD = 330;
const LIGHT = "#dbeafe";
const AMBER = "#f59e0b";
const BUILDING = "#2f52c4";
const OPENING = "#1a3187";

function rect(x: number, y: number, width: number, height: number, fill: string, rx = 0, extra = ""): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}"${rx ? ` rx="${rx}"` : ""} fill="${fill}"${extra}/>`;
}

function workshop(): string {
  const slats = Array.from(
    { length: 5 },
    (_, index) => `<path d="M560 ${214 + index * 22}H760" stroke="${shade(BUILDING, 0.12)}" stroke-width="3"/>`,
  ).join("");
  const lift = [258, 442].map((x) => rect(x, 200, 14, 130, AMBER, 3)).join("");
  const tools = [0, 1, 2, 3].map((index) => rect(232 + index * 12, 214, 6, 34, LIGHT, 3, ' opacity="0.5"')).join("");
  return [
    rect(200, 120, 600, 210, BUILDING, 6),
    rect(188, 108, 624, 22, shade(BUILDING, -0.35), 6),
    rect(410, 136, 180, 36, AMBER, 8),
    `<g transform="translate(438 154) rotate(-40)"><rect x="-4" y="-12" width="8" height="26" rx="4" fill="${OPENING}"/><circle cx="0" cy="-14" r="8" fill="${OPENING}"/><rect x="-3" y="-24" width="6" height="10" fill="${AMBER}"/></g>`,
    rect(460, 146, 110, 6, OPENING, 3),
    rect(460, 158, 76, 6, OPENING, 3, ' opacity="0.6"'),
    rect(220, 190, 260, 140, OPENING),
    tools,
    lift,
    rect(250, 284, 210, 8, shade(AMBER, -0.2), 3),
    vehicle("car", "#f8fafc", { x: 356, y: 284, scale: 0.55 }),
    rect(560, 190, 200, 140, BUILDING),
    slats,
    `<circle cx="120" cy="250" r="44" fill="#3b63d6"/><circle cx="150" cy="272" r="30" fill="#3559c8"/>${rect(114, 280, 10, 50, "#2a4aae")}`,
  ].join("");
}

function road(): string {
  const dashes = Array.from({ length: 12 }, (_, index) =>
    rect(20 + index * 100, 372, 56, 6, LIGHT, 3, ' opacity="0.45"'),
  ).join("");
  return `${rect(0, ROAD, W, H - ROAD, "#16307f", 0, ' opacity="0.85"')}${rect(0, ROAD, W, 6, LIGHT, 0, ' opacity="0.35"')}${dashes}`;
}

export function bannerSvg(): string {
  const body = [
    `<circle cx="1070" cy="86" r="38" fill="${AMBER}" opacity="0.9"/>`,
    rect(880, 60, 120, 18, LIGHT, 9, ' opacity="0.18"'),
    rect(120, 48, 150, 18, LIGHT, 9, ' opacity="0.14"'),
    vehicle("plane", AMBER, { x: 860, y: 150, scale: 0.42 }),
    workshop(),
    road(),
    vehicle("van", AMBER, { x: 900, y: 362, scale: 0.5 }),
    vehicle("truck", "#60a5fa", { x: 610, y: 392, scale: 0.5, flip: true }),
    vehicle("tractor", "#22c55e", { x: 1090, y: 392, scale: 0.42, flip: true }),
  ].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
