// npm run lighthouse: Lighthouse (mobile preset) in the system Chromium against the production
// build with demo data on a fresh embedded database, for /home, /services and a service page.
// Offline: map tiles and PayPal are blocked, so only our own code is measured.
//   LIGHTHOUSE_SKIP_BUILD=1 reuses the last `next build`.
import { spawn } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "./browser-path.mjs";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
const origin = `http://localhost:${port}`;
const server = spawn("node", ["scripts/e2e-server.mjs"], {
  env: { ...process.env, E2E_PORT: String(port), E2E_SKIP_BUILD: process.env.LIGHTHOUSE_SKIP_BUILD ?? "", E2E_PGLITE_DIR: ".data/lighthouse-pglite" },
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const stopServer = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopServer);

for (let i = 0; ; i++) {
  if (await fetch(`${origin}/api/health`).then((response) => response.ok, () => false)) break;
  if (i > 600) throw new Error("the server did not start");
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const { items } = await (await fetch(`${origin}/api/items`)).json();
const pages = ["/home", "/services", `/service/${items[0]._id}`];

const chrome = await chromeLauncher.launch({ chromePath: findChromium() ?? undefined, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
const config = {
  extends: "lighthouse:default",
  settings: { blockedUrlPatterns: ["*tile.openstreetmap.org*", "*paypal.com*", "*paypalobjects.com*"] },
};
const rows = [];
try {
  for (const path of pages) {
    const { lhr } = await lighthouse(`${origin}${path}`, { port: chrome.port, output: "json", logLevel: "error" }, config);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    rows.push({
      page: path.startsWith("/service/") ? "/service/{id}" : path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
      "LCP ms": Math.round(audit("largest-contentful-paint")),
      CLS: Number(audit("cumulative-layout-shift").toFixed(3)),
      "TBT ms": Math.round(audit("total-blocking-time")),
    });
    const failing = Object.values(lhr.audits).filter((entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === "binary");
    for (const entry of failing) {
      const nodes = (entry.details?.items ?? []).slice(0, 3).map((item) => item.node?.snippet ?? item.source?.url ?? item.description ?? "").filter(Boolean);
      console.log(`${path} ✗ ${entry.id}${nodes.length ? `: ${nodes.join(" | ")}` : ""}`);
    }
  }
} finally {
  chrome.kill();
  stopServer();
}
console.table(rows);
process.exit(0);
