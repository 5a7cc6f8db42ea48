/**
 * Flat side views of the vehicles the directory's categories name, drawn as SVG fragments facing
 * right with the ground at y = 0 and the middle at x = 0, so a scene places them with one
 * transform. No text and no filters: librsvg (sharp) and every browser draw them alike and fast.
 */
export const VEHICLE_KINDS = [
  "car",
  "truck",
  "bus",
  "trailer",
  "excavator",
  "tractor",
  "boat",
  "plane",
  "motorhome",
  "van",
] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

/** Half the drawn width of each kind, for laying scenes out. */
export const HALF_WIDTH: Record<VehicleKind, number> = {
  car: 170,
  truck: 225,
  bus: 265,
  trailer: 250,
  excavator: 230,
  tractor: 160,
  boat: 215,
  plane: 265,
  motorhome: 225,
  van: 170,
};

const TYRE = "#1f2937";
const RIM = "#cbd5e1";
const GLASS = "#bfdbfe";
const GLASS_SHADE = "#93c5fd";
const TRIM = "#334155";

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((value) =>
      Math.round(value + (target - value) * weight)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function wheel(x: number, r: number, y = -r): string {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${TYRE}"/><circle cx="${x}" cy="${y}" r="${(r * 0.56).toFixed(1)}" fill="${RIM}"/><circle cx="${x}" cy="${y}" r="${(r * 0.2).toFixed(1)}" fill="#64748b"/>`;
}

function car(color: string): string {
  const dark = shade(color, -0.25);
  return `<path d="M-168-42Q-168-86-124-90L-96-93-58-141Q-53-147-43-147H46Q58-147 66-139L112-93 152-87Q170-83 170-62V-42Q170-28 156-28H-154Q-168-28-168-42Z" fill="${color}"/>
<path d="M-86-95-54-136H-6V-95ZM4-95V-136H42Q50-136 56-129L92-95Z" fill="${GLASS}"/>
<path d="M-6-95V-136H4V-95Z" fill="${dark}"/>
<path d="M-168-52H170V-42Q170-28 156-28H-154Q-168-28-168-42Z" fill="${dark}"/>
<path d="M-2-88V-40" stroke="${dark}" stroke-width="3"/>
<rect x="150" y="-80" width="16" height="10" rx="4" fill="#fef3c7"/><rect x="-168" y="-80" width="10" height="12" rx="3" fill="#ef4444"/>
<circle cx="-100" cy="-36" r="40" fill="${dark}"/><circle cx="104" cy="-36" r="40" fill="${dark}"/>
${wheel(-100, 32)}${wheel(104, 32)}`;
}

function van(color: string): string {
  const dark = shade(color, -0.25);
  return `<path d="M-168-40V-176Q-168-190-154-190H70Q84-190 92-178L140-110 158-100Q170-94 170-80V-40Q170-28 158-28H-156Q-168-28-168-40Z" fill="${color}"/>
<path d="M80-176Q88-176 92-170L130-112H80Z" fill="${GLASS}"/><rect x="10" y="-170" width="58" height="58" rx="6" fill="${GLASS}"/>
<rect x="-168" y="-86" width="338" height="16" fill="${dark}"/>
<path d="M-60-178V-40M0-178V-40" stroke="${dark}" stroke-width="3"/>
<rect x="-40" y="-204" width="30" height="14" rx="4" fill="#f59e0b"/>
<rect x="152" y="-100" width="16" height="10" rx="4" fill="#fef3c7"/>
<circle cx="-104" cy="-36" r="40" fill="${dark}"/><circle cx="108" cy="-36" r="40" fill="${dark}"/>
${wheel(-104, 32)}${wheel(108, 32)}`;
}

function truck(color: string): string {
  const cab = shade(color, -0.1);
  return `<rect x="-225" y="-236" width="318" height="184" rx="8" fill="#f8fafc"/>
<rect x="-225" y="-236" width="318" height="184" rx="8" fill="none" stroke="#cbd5e1" stroke-width="4"/>
<rect x="-225" y="-110" width="318" height="22" fill="${color}"/>
<path d="M104-58V-196Q104-206 114-206H170Q184-206 192-192L222-134V-58Z" fill="${cab}"/>
<path d="M150-196H170Q178-196 182-188L208-140H150Z" fill="${GLASS}"/>
<rect x="-225" y="-62" width="450" height="18" fill="${TRIM}"/>
<rect x="206" y="-92" width="16" height="12" rx="3" fill="#fef3c7"/>
${wheel(-160, 34)}${wheel(-86, 34)}${wheel(160, 34)}`;
}

function bus(color: string): string {
  const dark = shade(color, -0.25);
  const windows = [-226, -160, -94, -28, 38, 104]
    .map((x) => `<rect x="${x}" y="-180" width="56" height="64" rx="6" fill="${GLASS}"/>`)
    .join("");
  return `<rect x="-265" y="-214" width="530" height="184" rx="20" fill="${color}"/>
<path d="M180-214H245Q265-214 265-194V-120H180Z" fill="${GLASS_SHADE}"/>
${windows}
<rect x="186" y="-110" width="52" height="74" rx="4" fill="${dark}"/><path d="M212-108V-38" stroke="${GLASS}" stroke-width="3"/>
<rect x="-265" y="-92" width="530" height="12" fill="${dark}"/>
<rect x="246" y="-60" width="16" height="12" rx="3" fill="#fef3c7"/>
<circle cx="-170" cy="-34" r="42" fill="${dark}"/><circle cx="150" cy="-34" r="42" fill="${dark}"/>
${wheel(-170, 34)}${wheel(150, 34)}`;
}

function trailer(color: string): string {
  const dark = shade(color, -0.3);
  const ribs = Array.from({ length: 9 }, (_, index) => -200 + index * 50)
    .map((x) => `<path d="M${x}-240V-78" stroke="${shade(color, -0.12)}" stroke-width="4"/>`)
    .join("");
  return `<rect x="-250" y="-250" width="500" height="180" rx="6" fill="${color}"/>${ribs}
<rect x="-250" y="-82" width="500" height="16" fill="${dark}"/>
<path d="M150-66V-14M170-66V-14" stroke="${TRIM}" stroke-width="8"/><rect x="138" y="-14" width="44" height="10" rx="3" fill="${TRIM}"/>
<rect x="-236" y="-66" width="180" height="16" fill="${TRIM}"/>
${wheel(-216, 32)}${wheel(-148, 32)}${wheel(-80, 32)}`;
}

function excavator(color: string): string {
  const dark = shade(color, -0.3);
  return `<rect x="-190" y="-58" width="270" height="58" rx="29" fill="${TRIM}"/>
${[-160, -110, -60, -10, 40].map((x) => `<circle cx="${x + 10}" cy="-29" r="16" fill="#64748b"/>`).join("")}
<rect x="-160" y="-76" width="210" height="22" rx="6" fill="${dark}"/>
<path d="M-200-80V-136Q-200-150-186-150H-40V-80Z" fill="${color}"/>
<path d="M-40-80V-200Q-40-210-30-210H24Q38-210 42-196L60-120V-80Z" fill="${color}"/>
<path d="M-26-196H22L40-126H-26Z" fill="${GLASS}"/>
<path d="M30-120 130-250 152-236 64-104Z" fill="${color}"/>
<path d="M130-250 150-252 226-104 206-92Z" fill="${dark}"/>
<path d="M200-100Q236-96 234-60L200-40 176-72Z" fill="${TRIM}"/>
<circle cx="141" cy="-244" r="12" fill="${dark}"/>`;
}

function tractor(color: string): string {
  const dark = shade(color, -0.3);
  return `<path d="M-40-150H130Q150-150 152-130L158-84H-40Z" fill="${color}"/>
<rect x="120" y="-128" width="30" height="24" rx="4" fill="${dark}"/>
<rect x="10" y="-196" width="10" height="50" fill="${TRIM}"/>
<path d="M-150-84V-246Q-150-256-140-256H-34Q-24-256-24-246V-84Z" fill="${dark}"/>
<path d="M-140-244H-36V-154H-140Z" fill="${GLASS}"/>
<rect x="-160" y="-100" width="200" height="24" rx="6" fill="${color}"/>
<circle cx="-92" cy="-72" r="78" fill="${dark}"/>${wheel(-92, 70, -70)}${wheel(112, 42)}`;
}

function boat(color: string): string {
  const dark = shade(color, -0.3);
  return `<path d="M-150-20 -120-104H-90L-110-20ZM110-20 90-104H120L150-20Z" fill="#94a3b8"/>
<path d="M-215-170H215Q196-112 150-94H-196Z" fill="#f8fafc"/>
<path d="M-206-128H200Q186-104 150-94H-196Z" fill="${color}"/>
<path d="M-80-170V-224Q-80-232-72-232H40Q52-232 60-222L96-170Z" fill="#f8fafc"/>
<path d="M-66-220H36L70-178H-66Z" fill="${GLASS}"/>
<rect x="-246" y="-166" width="34" height="50" rx="8" fill="${TRIM}"/><rect x="-238" y="-118" width="14" height="34" fill="${dark}"/>`;
}

function plane(color: string): string {
  const dark = shade(color, -0.3);
  return `<path d="M-262-170-236-250H-206L-170-150Z" fill="${color}"/>
<path d="M-240-150H-150V-140H-240Z" fill="${dark}"/>
<path d="M-250-152Q-200-176-100-182L150-186Q220-186 244-150Q220-112 150-112H-100Q-200-120-250-140Z" fill="#f8fafc"/>
<path d="M-250-140Q-200-124-100-120H160Q210-120 240-140" fill="none" stroke="${color}" stroke-width="10"/>
<path d="M60-178H140Q180-178 196-160H60Z" fill="${GLASS}"/>
<rect x="-30" y="-204" width="200" height="14" rx="7" fill="${color}"/><path d="M40-190 10-140M130-190 100-140" stroke="#94a3b8" stroke-width="5"/>
<ellipse cx="252" cy="-150" rx="7" ry="48" fill="${TRIM}"/>
<path d="M60-112 70-26M200-120 206-26" stroke="#64748b" stroke-width="6"/>${wheel(70, 22)}${wheel(206, 16)}`;
}

function motorhome(color: string): string {
  const dark = shade(color, -0.25);
  return `<path d="M-225-44V-242Q-225-254-213-254H160Q176-254 180-238L186-208H196Q206-208 212-194L226-120V-44Q226-30 212-30H-211Q-225-30-225-44Z" fill="#f8fafc"/>
<path d="M150-196H192Q198-196 202-188L214-134H150Z" fill="${GLASS}"/>
<rect x="-190" y="-200" width="84" height="52" rx="10" fill="${GLASS}"/><rect x="-40" y="-200" width="120" height="52" rx="10" fill="${GLASS}"/>
<rect x="-80" y="-196" width="30" height="150" rx="6" fill="#e2e8f0"/>
<path d="M-225-120H226V-96H-225Z" fill="${color}"/><path d="M-225-96H226V-86H-225Z" fill="${dark}"/>
<rect x="208" y="-76" width="16" height="12" rx="3" fill="#fef3c7"/>
<circle cx="-130" cy="-36" r="42" fill="${dark}"/><circle cx="136" cy="-36" r="42" fill="${dark}"/>
${wheel(-130, 34)}${wheel(136, 34)}`;
}

const DRAW: Record<VehicleKind, (color: string) => string> = {
  car,
  truck,
  bus,
  trailer,
  excavator,
  tractor,
  boat,
  plane,
  motorhome,
  van,
};

/** The vehicle standing on the ground at (x, y), `flip` facing left. */
export function vehicle(
  kind: VehicleKind,
  color: string,
  { x, y, scale = 1, flip = false }: { x: number; y: number; scale?: number; flip?: boolean },
): string {
  return `<g transform="translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})">${DRAW[kind](color)}</g>`;
}
