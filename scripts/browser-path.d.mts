export function findChromium(): string | null;
export function findHeadlessChromium(): string | null;
