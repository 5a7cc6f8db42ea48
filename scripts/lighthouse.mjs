// npm run lighthouse: Lighthouse (mobile preset) in the system Chromium against the production
// build with demo data on a fresh embedded database, for /home, /services and a service page.
// Offline: map tiles and PayPal are blocked, so only our own code is measured.
//   LIGHTHOUSE_SKIP_BUILD=1 reuses the last `next build`.
//   LIGHTHOUSE_RUNS=3 measures every page that many times and prints medians and ranges: scores
//   move by several points between runs on a busy machine, so compare medians, and the figures
//   that do not depend on timing (JavaScript transferred, long tasks, the LCP element).
//   LIGHTHOUSE_PAGES=/home,/services limits the pages ("service" and "/ua/service" stand for the first service).
//   LIGHTHOUSE_JSON_DIR=dir keeps every report as JSON.
import "./node-guard.mjs";

import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { startApp, waitForHealth } from "./app-server.mjs";
import { findChromium } from "./browser-path.mjs";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
// LIGHTHOUSE_ORIGIN=http://localhost:3000 measures a server that is already running instead.
const origin = process.env.LIGHTHOUSE_ORIGIN ?? `http://localhost:${port}`;
// The end-to-end server: the production build with demo data on a fresh embedded database.
const server = process.env.LIGHTHOUSE_ORIGIN
  ? null
  : startApp({
      port,
      command: [process.execPath, "scripts/e2e-server.mjs"],
      env: {
        ...process.env,
        E2E_PORT: String(port),
        E2E_SKIP_BUILD: process.env.LIGHTHOUSE_SKIP_BUILD ?? "",
        E2E_PGLITE_DIR: ".data/lighthouse-pglite",
      },
    });
// Long enough for the build the server starts with.
await waitForHealth(origin, { timeoutMs: 300_000 });
const { items } = await (await fetch(`${origin}/api/items`)).json();
const wanted = (process.env.LIGHTHOUSE_PAGES ?? "/home,/services,service").split(",");
const pages = wanted.map((path) =>
  path === "service" ? `/service/${items[0]._id}` : path === "/ua/service" ? `/ua/service/${items[0]._id}` : path,
);
const label = (path) => path.replace(/\/service\/[^/]+$/, "/service/{id}");
// The server compiles nothing at run time, but its first answers warm caches: not measured. Asked
// for as a browser asks, the pages are then popular ones: the page cache keeps them from the next load.
for (const path of pages) await fetch(`${origin}${path}`, { headers: { accept: "text/html" } }).catch(() => undefined);

const chrome = await chromeLauncher.launch({
  chromePath: findChromium() ?? undefined,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const config = {
  extends: "lighthouse:default",
  settings: { blockedUrlPatterns: ["*tile.openstreetmap.org*", "*paypal.com*", "*paypalobjects.com*"] },
};
const rows = [];
const seen = new Set();
try {
  for (let run = 0; run < runs; run++) {
    for (const path of pages) {
      const { lhr } = await lighthouse(
        `${origin}${path}`,
        { port: chrome.port, output: "json", logLevel: "error" },
        config,
      );
      if (process.env.LIGHTHOUSE_JSON_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
        writeFileSync(
          `${process.env.LIGHTHOUSE_JSON_DIR}/${label(path).replace(/\W+/g, "_")}-${run + 1}.json`,
          JSON.stringify(lhr),
        );
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const requests = lhr.audits["network-requests"]?.details?.items ?? [];
      const scripts = requests.filter((request) => request.resourceType === "Script");
      // Lighthouse 13 names the LCP element in its LCP breakdown insight.
      const lcpNode = (lhr.audits["lcp-breakdown-insight"]?.details?.items ?? []).find((item) => item.type === "node");
      const lcpTime = audit("largest-contentful-paint");
      // Observed (unthrottled) times, both from the start of the navigation.
      const observedLcp = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? 0;
      const beforeLcp = scripts.filter(
        (request) => request.networkEndTime !== undefined && request.networkEndTime <= observedLcp,
      ).length;
      rows.push({
        page: label(path),
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best practices": score("best-practices"),
        seo: score("seo"),
        "LCP ms": Math.round(lcpTime),
        CLS: Number(audit("cumulative-layout-shift").toFixed(3)),
        "TBT ms": Math.round(audit("total-blocking-time")),
        "JS KiB": Number((scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024).toFixed(1)),
        scripts: scripts.length,
        "long tasks": lhr.audits["long-tasks"]?.details?.items?.length ?? 0,
        "main thread ms": Math.round(audit("mainthread-work-breakdown")),
      });
      if (!seen.has(`lcp ${path}`)) {
        seen.add(`lcp ${path}`);
        console.log(
          `${label(path)} LCP element: ${lcpNode?.snippet ?? "?"} (observed scripts: ${scripts.length}, ${beforeLcp} loaded before the observed LCP)`,
        );
      }
      const failing = Object.values(lhr.audits).filter(
        (entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === "binary",
      );
      for (const entry of failing) {
        const nodes = (entry.details?.items ?? [])
          .slice(0, 3)
          .map((item) => item.node?.snippet ?? item.source?.url ?? item.description ?? "")
          .filter(Boolean);
        console.log(`${path} ✗ ${entry.id}${nodes.length ? `: ${nodes.join(" | ")}` : ""}`);
      }
    }
  }
} finally {
  chrome.kill();
  server?.stop();
}
console.table(rows);
if (runs > 1) {
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const summary = pages.map(label).map((page) => {
    const mine = rows.filter((row) => row.page === page);
    const entry = { page };
    for (const key of Object.keys(mine[0]).filter((key) => key !== "page")) {
      const values = mine.map((row) => row[key]);
      entry[key] = `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`;
    }
    return entry;
  });
  console.log(`Median (range) of ${runs} runs:`);
  console.table(summary);
}
process.exit(0);
