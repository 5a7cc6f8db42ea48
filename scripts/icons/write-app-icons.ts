import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/**
 * Draws the installed app's icons from the site's icon (app/icon.svg) into public/icons and
 * app/apple-icon.png, where they are committed: run again (`npx tsx scripts/icons/write-app-icons.ts`) when the icon changes.
 * "any" icons are the tile as it is, rounded corners and all. Maskable icons and Apple's touch icon
 * fill the whole square with the brand's blue: Android cuts its own shape out of a maskable icon
 * (the letter stays inside the middle 80 %, the safe zone) and iOS rounds the corners itself, filling
 * anything transparent with black.
 */
const root = path.resolve(import.meta.dirname, "../..");
const out = path.join(root, "public/icons");
const tile = readFileSync(path.join(root, "app/icon.svg"), "utf8");
const fullBleed = tile.replace(/ rx="[^"]*"/, "");
if (fullBleed === tile) throw new Error("app/icon.svg has no rounded tile (rx) to fill out");

async function draw(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(root, file));
  console.log(`Wrote ${file}`);
}

mkdirSync(out, { recursive: true });
for (const size of [192, 512]) {
  await draw(tile, size, `public/icons/icon-${size}.png`);
  await draw(fullBleed, size, `public/icons/maskable-${size}.png`);
}
// Next links it from every page as the apple-touch-icon (its file convention, beside app/icon.svg).
await draw(fullBleed, 180, "app/apple-icon.png");
