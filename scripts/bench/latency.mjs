// Latency of one URL under a fixed number of concurrent clients, loopback only, bounded in count:
// node scripts/bench/latency.mjs <url> [requests=400] [concurrency=8]
import "../node-guard.mjs";

import { latencySummary } from "../percentile.mjs";

const [url, total = "400", concurrency = "8"] = process.argv.slice(2);
if (!url || !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(url)) {
  console.error("Usage: latency.mjs http://localhost:PORT/path [requests] [concurrency]  (loopback only)");
  process.exit(2);
}
const timings = [];
let errors = 0;
let next = 0;
async function client() {
  while (next < Number(total)) {
    next++;
    const started = performance.now();
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (!response.ok) errors++;
    } catch {
      errors++;
    }
    timings.push(performance.now() - started);
  }
}
for (let i = 0; i < 20; i++) await fetch(url).then((r) => r.arrayBuffer());
const started = performance.now();
await Promise.all(Array.from({ length: Number(concurrency) }, client));
const seconds = (performance.now() - started) / 1000;
const { p50, p95, p99 } = latencySummary(timings);
console.log(
  `${timings.length} requests, ${concurrency} clients: ${(timings.length / seconds).toFixed(0)} req/s, p50 ${p50} ms, p95 ${p95} ms, p99 ${p99} ms, errors ${errors}`,
);
