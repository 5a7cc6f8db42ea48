// Measures the JavaScript a first visit transfers (compressed bytes on the wire), per page, in
// Chromium: scripts/node scripts/measure-js.mjs http://localhost:3000 /home /services
import "./node-guard.mjs";

import { chromium } from "playwright-core";

import { findChromium } from "./browser-path.mjs";

const [origin = "http://localhost:3000", ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const path of paths.length ? paths : ["/home"]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on("requestfinished", async (request) => {
    if (request.resourceType() !== "script") return;
    const sizes = await request.sizes();
    const response = await request.response();
    scripts.push({
      url: request.url(),
      bytes: sizes.responseBodySize,
      encoding: (await response?.allHeaders())?.["content-encoding"] ?? "none",
    });
  });
  await page.goto(origin + path, { waitUntil: "networkidle" });
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const encodings = [...new Set(scripts.map((script) => script.encoding))].join(",");
  console.log(`${path}: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KiB transferred (${encodings})`);
  await context.close();
}
await browser.close();
