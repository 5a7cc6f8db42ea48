// npm run bench: fresh PostgreSQL database with 100,000 generated services, the production build
// on it, and autocannon driving the API and pages at several concurrencies, next to the floor of
// the same data-layer calls without HTTP and without the read cache (the database's own cost).
// Repeated questions are answered by the read cache; the "new questions" cases never repeat.
// Loopback only; nothing here runs in `npm test`.
//   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
// Optional: BENCH_SERVICES (100000), BENCH_SECONDS (10), BENCH_CONCURRENCY ("1,8"), BENCH_SKIP_BUILD=1,
// BENCH_ONLY=<text> (only the cases whose name contains it), BENCH_PGBOUNCER=off (skip the pass through
// PgBouncer that follows when /usr/sbin/pgbouncer exists).
import "../node-guard.mjs";

import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";

import { publishedSql } from "../../domain/service/server/published.ts";
import { startPgBouncer } from "../../tests/reliability/local-postgres.ts";
import { assertPortFree, buildApp, runOrThrow, startApp, waitForHealth } from "../app-server.mjs";
import { tsxCommand } from "../node-commands.mjs";

const serverUrl = process.env.BENCH_POSTGRES_URL;
if (!serverUrl) {
  console.error("Set BENCH_POSTGRES_URL to a PostgreSQL server (a fresh database is created on it).");
  process.exit(2);
}
const services = Number(process.env.BENCH_SERVICES ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? "1,8").split(",").map(Number);
const port = Number(process.env.BENCH_PORT ?? 3300);
const origin = `http://127.0.0.1:${port}`;

const dbName = `maister_bench_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  NEXT_TELEMETRY_DISABLED: "1",
  SEED_DEMO_DATA: "false",
  APP_URL: `http://127.0.0.1:${port}`,
  APP_SECRET: process.env.APP_SECRET ?? "bench-secret-for-local-runs-only-0123456789",
  BENCH_FRAMEWORK_FLOOR: "1",
};

console.log(`▶ database ${dbName}: migrations and ${services} services`);
runOrThrow(...tsxCommand("scripts/db/migrate.ts"), env);
runOrThrow(...tsxCommand("scripts/bench/generate-services.ts", [String(services)]), env);
buildApp(env, process.env.BENCH_SKIP_BUILD === "1");

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
await db.query("ANALYZE");
const ids = (
  await db.query(`SELECT id FROM services s WHERE ${publishedSql("s")} ORDER BY random() LIMIT 40200`)
).rows.map((row) => row.id);
// A signed-in visitor: a confirmed user with a live session, whose cookie the "signed in" cases send.
const token = randomBytes(32).toString("base64url");
const driver = await db.query(
  `INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "emailVerifiedAt", "updatedAt")
   VALUES (gen_random_uuid(), 'Bench Driver', 'driver@bench.local', 'driver@bench.local', 'none', now(), now()) RETURNING id`,
);
await db.query(
  `INSERT INTO sessions (id, "tokenHash", "userId", "expiresAt") VALUES (gen_random_uuid(), $1, $2, now() + interval '1 day')`,
  [createHash("sha256").update(token).digest("hex"), driver.rows[0].id],
);
const SIGNED_IN = { cookie: `__Host-maister.session=${token}` };
await db.end();

const now = new Date().toISOString();
const LIST = [
  "/api/items",
  "/api/items?page=25",
  "/api/items?keyword=toyota",
  "/api/items?keyword=diagnostics&filter=sto",
  "/api/items?sort=rating.desc&filter=mechanic",
  "/api/items?near=50.4501,30.5234",
  `/api/items?open=true&userDateTime=${encodeURIComponent(now)}`,
  `/api/items?near=49.84,24.03&open=true&userDateTime=${encodeURIComponent(now)}&sort=rating.desc&onthego=true`,
];
// A visitor panning and zooming over Ukraine: views no earlier request asked for.
const PANNING = Array.from({ length: 400 }, (_, index) => {
  const zoom = 7 + (index % 6);
  const span = 360 / 2 ** zoom;
  const west = 22.5 + ((index * 7.3) % 15);
  const south = 44.5 + ((index * 3.1) % 6.5);
  return `/api/items/locations?bbox=${west.toFixed(4)},${south.toFixed(4)},${(west + span * 2).toFixed(4)},${(south + span).toFixed(4)}&zoom=${zoom}`;
});
// Questions that never repeat (a new point and page each time): what the read cache cannot answer.
const FRESH = Array.from({ length: 20_000 }, (_, index) => {
  const lat = (44.6 + ((index * 0.0137) % 7.4)).toFixed(4);
  const lng = (22.6 + ((index * 0.0291) % 17.4)).toFixed(4);
  return `/api/items?near=${lat},${lng}&page=${1 + (index % 3)}${index % 2 ? `&open=true&userDateTime=${encodeURIComponent(now)}` : ""}`;
});
const FLOOR = "HTML framework floor";
const cases = [
  { name: "GET /api/items (mix)", kind: "list", paths: LIST },
  { name: "GET /api/items (new questions)", kind: "list", paths: FRESH },
  { name: "GET /api/items/{id}", kind: "detail", paths: ids.slice(0, 100).map((id) => `/api/items/${id}`) },
  {
    name: "GET /api/items/{id} (new ids)",
    kind: "detail",
    paths: ids.slice(200, 20200).map((id) => `/api/items/${id}`),
  },
  { name: "GET /api/items/locations", kind: "locations", paths: ["/api/items/locations"] },
  { name: "GET /api/items/locations (panning)", kind: "locations", paths: PANNING },
  // The layout around a page that reads nothing: what every page costs before its own work.
  { name: FLOOR, kind: "page", paths: ["/framework-floor"] },
  { name: "HTML /home", kind: "page", paths: ["/home", "/ua/home"] },
  { name: "HTML /services (mix)", kind: "page", paths: LIST.map((path) => path.replace("/api/items", "/services")) },
  { name: "HTML /service/{id}", kind: "page", paths: ids.slice(100, 200).map((id) => `/service/${id}`) },
  { name: "HTML /service/{id} (new ids)", kind: "page", paths: ids.slice(20200).map((id) => `/service/${id}`) },
  {
    name: "HTML /services (new questions)",
    kind: "page",
    paths: FRESH.map((path) => path.replace("/api/items", "/services")),
  },
  // A visitor with a session: the same pages from the page cache, and what their browser then asks for them.
  {
    name: "HTML /services (mix, signed in)",
    kind: "page",
    headers: SIGNED_IN,
    paths: LIST.map((path) => path.replace("/api/items", "/services")),
  },
  { name: "GET /api/users/profile (signed in)", kind: "visitor", headers: SIGNED_IN, paths: ["/api/users/profile"] },
  {
    name: "HTML /service/{id} (signed in)",
    kind: "page",
    headers: SIGNED_IN,
    paths: ids.slice(100, 200).map((id) => `/service/${id}`),
  },
  {
    name: "GET /api/items/{id}/reviews/mine (signed in)",
    kind: "visitor",
    headers: SIGNED_IN,
    paths: ids.slice(100, 200).map((id) => `/api/items/${id}/reviews/mine`),
  },
  // What any request the page cache does not answer costs (a client navigation): rendered each time.
  {
    name: "HTML /services (mix, rendered)",
    kind: "page",
    rendered: true,
    paths: LIST.map((path) => path.replace("/api/items", "/services")),
  },
  {
    name: "HTML /service/{id} (rendered)",
    kind: "page",
    rendered: true,
    paths: ids.slice(100, 200).map((id) => `/service/${id}`),
  },
];

await assertPortFree(origin, "set BENCH_PORT");
const only = process.env.BENCH_ONLY;
if (only) cases.splice(0, cases.length, ...cases.filter((benchCase) => benchCase.name.includes(only)));
console.log(`▶ next start on ${origin}`);
let server = startApp({ port, env });
await waitForHealth(origin);

// One cursor per case across its warm-up and timed runs, so "new" questions stay new.
const cursors = new Map();
// Pages are asked for as a browser loads them; the page cache answers only such requests.
const BROWSER_HEADERS = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
function drive(paths, connections, headers = {}) {
  return new Promise((resolve, reject) => {
    const nextPath = () => {
      const next = cursors.get(paths) ?? 0;
      cursors.set(paths, next + 1);
      return paths[next % paths.length];
    };
    autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function floor(benchCases, connections) {
  // The floor is the database's own cost: the data layer without its read cache.
  const result = spawnSync(
    ...tsxCommand(
      "scripts/bench/floor.ts",
      [String(connections), String(Math.min(seconds, 5))],
      ["--conditions=react-server"],
    ),
    {
      env: { ...env, READ_CACHE: "off" },
      input: JSON.stringify(benchCases),
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(result.stderr || String(result.error));
  return Object.fromEntries(
    result.stdout
      .trim()
      .split("\n")
      // Nothing at all when BENCH_ONLY leaves no case with a data-layer floor.
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .map((row) => [row.name, row]),
  );
}

const rows = [];
/** Page rows, whose framework floor is known only once the floor has been measured twice. */
const pageRows = new WeakSet();
async function measure(benchCase, connections, { label = benchCase.name, base }) {
  const headers = {
    ...(benchCase.kind === "page" && !benchCase.rendered ? BROWSER_HEADERS : {}),
    ...benchCase.headers,
  };
  await drive(benchCase.paths, connections, headers).catch(() => null);
  const result = await drive(benchCase.paths, connections, headers);
  const errors = result.errors + result.timeouts + result.non2xx;
  rows.push({
    case: label,
    clients: connections,
    "req/s": Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: percentile95(result),
    p99: result.latency.p99,
    errors,
    ...ratio(percentile95(result), base?.p95),
    "KiB/req": (result.throughput.total / Math.max(1, result.requests.total) / 1024).toFixed(1),
  });
  if (benchCase.kind === "page" && !base) pageRows.add(rows.at(-1));
  console.log(JSON.stringify(rows.at(-1)));
}

/** A row's "floor p95" and "x floor", blank without a floor. */
function ratio(p95, floorP95) {
  return { "floor p95": floorP95 ?? "", "x floor": floorP95 > 0 ? (p95 / floorP95).toFixed(1) : "" };
}

for (const connections of concurrencies) {
  const floors = floor(
    cases.filter((benchCase) => benchCase.kind !== "page" && benchCase.kind !== "visitor"),
    connections,
  );
  for (const benchCase of cases) {
    // An API case's floor is its data layer's; a page's is the framework's, given to it below.
    await measure(benchCase, connections, { base: benchCase.kind === "page" ? undefined : floors[benchCase.name] });
  }
  // The framework floor once more after the pages: a single reading of it can be disturbed (the
  // startup jobs, this machine's spread), and every page's ratio rests on it. The lower of the two
  // is the floor, which makes no page look cheaper than it is.
  const floorCase = cases.find((benchCase) => benchCase.name === FLOOR);
  if (floorCase) await measure(floorCase, connections, { label: `${FLOOR} (again)` });
  const floorRows = rows.filter((row) => row.clients === connections && row.case.startsWith(FLOOR));
  const framework = floorRows.length ? Math.min(...floorRows.map((row) => row.p95)) : undefined;
  for (const row of rows.filter(
    (candidate) => candidate.clients === connections && pageRows.has(candidate) && !candidate.case.startsWith(FLOOR),
  )) {
    Object.assign(row, ratio(row.p95, framework));
  }
}
server.stop();

// The scale-out path (docs/operations.md, "Several instances"): the same app through PgBouncer in transaction
// mode, for the questions that reach the database; "x floor" is the ratio to the direct path.
if (existsSync("/usr/sbin/pgbouncer") && process.env.BENCH_PGBOUNCER !== "off") {
  const bouncer = startPgBouncer(port + 10, databaseUrl);
  console.log(`▶ next start through PgBouncer on 127.0.0.1:${port + 10}`);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  server = startApp({ port, env: { ...env, DATABASE_URL: bouncer.url, DIRECT_DATABASE_URL: databaseUrl } });
  await waitForHealth(origin);
  const connections = Math.max(...concurrencies);
  for (const benchCase of cases.filter((candidate) => /new|panning/.test(candidate.name))) {
    const base = rows.find((row) => row.clients === connections && row.case === benchCase.name);
    await measure(benchCase, connections, { label: `${benchCase.name} via PgBouncer`, base });
  }
  server.stop();
  bouncer.stop();
}
console.table(rows);

/** autocannon reports p90 and p97.5, not p95: interpolate between them. */
function percentile95(result) {
  return Number((result.latency.p90 + ((result.latency.p97_5 - result.latency.p90) * 5) / 7.5).toFixed(1));
}
process.exit(0);
