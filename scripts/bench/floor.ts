// The floor under the HTTP numbers: the same data-layer calls the route handlers make (same SQL,
// same Prisma client), without Next.js or HTTP, at the same concurrency. Prints one JSON line per
// case for scripts/bench/run.mjs. Run with react-server conditions (server-only, React cache):
//   echo '<json cases>' | DATABASE_URL=… npx tsx --conditions=react-server scripts/bench/floor.ts <concurrency> <seconds>
// (the cases come on standard input: tens of thousands of paths do not fit in a command line)
import { readFileSync } from "node:fs";

import { parseItemsQuery } from "@/features/catalog/items-query";
import { getPublicService } from "@/features/catalog/server/detail";
import { listServices } from "@/features/catalog/server/list";
import { listServiceLocations } from "@/features/map/server/map";
import { parseViewport } from "@/features/map/viewport";
import { closeDatabase } from "@/lib/db/client";

import { latencySummary } from "../percentile.mjs";

type Case = { name: string; kind: "list" | "detail" | "locations"; paths: string[] };
const [concurrency = "8", seconds = "5"] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(0, "utf8") || "[]") as Case[];

function call(kind: Case["kind"], path: string): Promise<unknown> {
  const url = new URL(path, "http://bench");
  if (kind === "detail") return getPublicService(url.pathname.split("/").at(-1)!);
  if (kind === "locations") return listServiceLocations(parseViewport(url.searchParams) ?? undefined);
  const parsed = parseItemsQuery(url.searchParams);
  if (!parsed.ok) throw new Error(`bad bench query ${path}`);
  return listServices(parsed.query);
}

async function drive(benchCase: Case, until: number, timings: number[]): Promise<number> {
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: Number(concurrency) }, async () => {
      while (performance.now() < until) {
        const path = benchCase.paths[next++ % benchCase.paths.length]!;
        const started = performance.now();
        await call(benchCase.kind, path).catch(() => errors++);
        timings.push(performance.now() - started);
      }
    }),
  );
  return errors;
}

for (const benchCase of cases) {
  // The same warm-up the HTTP run gets: one untimed run as long as the timed one.
  await drive(benchCase, performance.now() + Number(seconds) * 1000, []);
  const timings: number[] = [];
  const errors = await drive(benchCase, performance.now() + Number(seconds) * 1000, timings);
  console.log(
    JSON.stringify({
      name: benchCase.name,
      requests: timings.length,
      rps: Math.round(timings.length / Number(seconds)),
      ...latencySummary(timings),
      errors,
    }),
  );
}
await closeDatabase();
