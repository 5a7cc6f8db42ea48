// npm run test:soak: a bounded load-and-fault run against the production build. Many signed-in
// people read (lists, details, map, pages) and write (reviews, uploads, station orders paid in
// test mode, feedback that is mailed) at once on a PostgreSQL server of the run's own, which is
// restarted half-way; before that, the mail provider (a local stand-in for Resend's API) is down
// for a quarter of the run. Then every acknowledged write is checked against the database, and
// every mail must arrive once. Fails (exit 1) on any 500, any request that hangs, any 503 outside
// the restart, a lost or duplicated write or mail, ratings that do not match their reviews, or
// memory that keeps growing; only pages already rendering when PostgreSQL went away may fail
// otherwise (they are counted). Loopback only.
//   SOAK_SECONDS (120)  SOAK_USERS (40)  SOAK_RESTART (1; 0 skips the restart)
//   SOAK_SKIP_BUILD=1 reuses the last `next build`  SOAK_PORT (3500)  SOAK_PG_PORT (55490)
//   PG_BIN (/usr/lib/postgresql/15/bin)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { publishedSql } from "@/lib/db/published";
import { encodePng } from "@/lib/png";
import { hashPassword } from "@/lib/server/passwords";
import { STATION_INPUT } from "../helpers/service-input";
import { startLocalPostgres } from "./local-postgres";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const USERS = Number(process.env.SOAK_USERS ?? 40);
const RESTART = process.env.SOAK_RESTART !== "0";
const PORT = Number(process.env.SOAK_PORT ?? 3500);
const PG_PORT = Number(process.env.SOAK_PG_PORT ?? 55490);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = "Soak1234!";
/** A request taking longer than this counts as a hang. */
const HANG_MS = 15_000;
/** After PostgreSQL answers again, the app has this long to serve normally. */
const RECOVERY_GRACE_MS = 10_000;
/** The upload limit is 30 per hour per person; stay under it so every refusal is a failure. */
const UPLOADS_PER_USER = 25;
/** Feedback is limited to 5 per hour per address; each person sends at most this many. */
const FEEDBACK_PER_USER = 4;

const failures: string[] = [];
const fail = (message: string) => {
  failures.push(message);
  console.error(`✖ ${message}`);
};
const log = (message: string) => console.log(`▶ ${message}`);

// ---- PostgreSQL of this run's own, so it can be restarted ----
let server: ChildProcess | null = null;
process.on("exit", () => {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
});
process.on("SIGINT", () => process.exit(130));

log(`PostgreSQL on 127.0.0.1:${PG_PORT}`);
const postgres = startLocalPostgres(PG_PORT);
const DATABASE_URL = postgres.url;

// ---- a stand-in for Resend's API that can be switched off ----
const mailProvider = { down: false, posts: 0, refused: 0, delivered: new Map<string, number>() };
const resend = createServer((request, response) => {
  let raw = "";
  request.on("data", (chunk) => (raw += chunk));
  request.on("end", () => {
    mailProvider.posts++;
    response.setHeader("content-type", "application/json");
    if (mailProvider.down) {
      mailProvider.refused++;
      return response.writeHead(503).end(JSON.stringify({ name: "application_error", message: "Service unavailable", statusCode: 503 }));
    }
    // Resend keeps the first answer per idempotency key; a mail counts once however often it is posted.
    const key = String(request.headers["idempotency-key"] ?? raw);
    mailProvider.delivered.set(key, (mailProvider.delivered.get(key) ?? 0) + 1);
    response.writeHead(200).end(JSON.stringify({ id: `soak-${mailProvider.delivered.size}` }));
  });
});
await new Promise<void>((resolve) => resend.listen(0, "127.0.0.1", resolve));
process.on("exit", () => resend.close());

const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL, RESEND_API_KEY: "re_soak", RESEND_BASE_URL: `http://127.0.0.1:${(resend.address() as AddressInfo).port}`, NEXT_TELEMETRY_DISABLED: "1", SEED_DEMO_DATA: "true", PAYMENTS_TEST_MODE: "true", MAIL_DEV_OUTBOX: "true", NEXTAUTH_SECRET: "soak-secret-for-local-runs-only-0123456789", APP_URL: ORIGIN, NOMINATIM_URL: "http://127.0.0.1:9", TRUSTED_PROXY_HOPS: "1" };
delete env.PAYPAL_CLIENT_ID;
const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
};
run("npx", ["tsx", "scripts/db/prepare.ts", "--seed"]);
run("npx", ["tsx", "scripts/bench/generate-services.ts", "5000"]);
if (process.env.SOAK_SKIP_BUILD !== "1") run("npm", ["run", "build"]);

const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
db.on("error", () => undefined);
const passwordHash = await hashPassword(PASSWORD);
const users = (
  await db.query<{ id: string; email: string }>(
    `INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "emailVerifiedAt", "updatedAt")
     SELECT gen_random_uuid(), 'Soak ' || g, 'soak' || g || '@soak.local', 'soak' || g || '@soak.local', $1, now(), now() FROM generate_series(1, $2::int) g
     RETURNING id, email`,
    [passwordHash, USERS],
  )
).rows;
const targets = (await db.query<{ id: string }>(`SELECT id FROM services s WHERE ${publishedSql("s")} ORDER BY random() LIMIT 300`)).rows.map((row) => row.id);

// ---- the app ----
if (await fetch(`${ORIGIN}/api/health`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken: set SOAK_PORT`);
log(`next start on ${ORIGIN}`);
server = spawn("node_modules/.bin/next", ["start", "-p", String(PORT)], { env, stdio: ["ignore", "ignore", "pipe"], detached: true });
let serverLog = "";
server.stderr!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
for (let i = 0; !(await fetch(`${ORIGIN}/api/health`).then((response) => response.ok, () => false)); i++) {
  if (i > 120) throw new Error(`the server did not start:\n${serverLog}`);
  await sleep(500);
}

/** Resident memory of the whole server process group (next start and its workers), in MiB. */
function serverRssMiB(): number {
  let kib = 0;
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== server!.pid) continue;
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kib / 1024;
}

// ---- what happened, per request ----
type Outcome = { kind: string; status: number; ms: number; at: number; errorPage?: boolean };
/**
 * A page whose data failed still answers 200 (its shell and loading state stream first) and shows
 * the translated error boundary (app/[locale]/error.tsx); the failure is in the streamed payload.
 */
const SERVER_ERROR_IN_PAYLOAD = /E\{\\"digest\\":/;
const outcomes: Outcome[] = [];
const outage = { from: Infinity, to: Infinity, databaseBack: Infinity };
async function request(kind: string, pathname: string, init: RequestInit & { cookie?: string; ip?: string } = {}): Promise<Response | null> {
  const started = Date.now();
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.ip) headers.set("x-forwarded-for", init.ip);
  try {
    const response = await fetch(`${ORIGIN}${pathname}`, { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(HANG_MS) });
    const body = await response.clone().text();
    const errorPage = kind === "HTML page" && SERVER_ERROR_IN_PAYLOAD.test(body);
    outcomes.push({ kind, status: response.status, ms: Date.now() - started, at: started, errorPage });
    return response;
  } catch (error) {
    const hung = error instanceof Error && error.name === "TimeoutError";
    outcomes.push({ kind, status: hung ? -1 : 0, ms: Date.now() - started, at: started });
    return null;
  }
}

// ---- the people ----
const now = () => new Date().toISOString();
const LISTS = [
  "/api/items",
  "/api/items?page=3",
  "/api/items?keyword=toyota",
  "/api/items?filter=mechanic&sort=rating.desc",
  "/api/items?near=50.4501,30.5234",
  () => `/api/items?near=49.84,24.03&open=true&userDateTime=${encodeURIComponent(now())}&sort=rating.desc`,
];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const png = (seed: number) => encodePng(8, 8, (x, y) => [(seed * 37 + x * 20) % 256, (seed * 11 + y * 20) % 256, seed % 256]);

type Person = { id: string; email: string; ip: string; cookie: string; uploads: number; feedback: number };
const people: Person[] = users.map((user, index) => ({ ...user, ip: `10.50.${index >> 8}.${index & 255}`, cookie: "", uploads: 0, feedback: 0 }));
log(`${people.length} people sign in`);
for (const person of people) {
  const response = await request("sign-in", "/api/users/login", { method: "POST", ip: person.ip, headers: { "content-type": "application/json" }, body: JSON.stringify({ email: person.email, password: PASSWORD }) });
  const cookie = response?.headers.getSetCookie().find((value) => /^(__Host-)?maister\.session=/.test(value));
  if (!cookie) throw new Error(`sign-in failed for ${person.email}: ${response?.status}`);
  person.cookie = cookie.split(";")[0]!;
}

/** Every answered write, to compare with the database afterwards. */
const written = {
  reviews: [] as { userId: string; serviceId: string; quality: number; status: number; at: number }[],
  uploads: [] as { userId: string; id: string | null; status: number }[],
  payments: [] as { userId: string; stationId: string | null; status: number }[],
  feedback: [] as { title: string; status: number }[],
};

async function act(person: Person, seed: number): Promise<void> {
  const roll = Math.random();
  if (roll < 0.3) {
    const list = pick(LISTS);
    await request("GET /api/items", typeof list === "function" ? list() : list);
  } else if (roll < 0.42) {
    await request("GET /api/items/{id}", `/api/items/${pick(targets)}`);
  } else if (roll < 0.5) {
    const west = 22.5 + Math.random() * 14;
    const south = 44.5 + Math.random() * 5;
    await request("GET /api/items/locations", `/api/items/locations?bbox=${west.toFixed(3)},${south.toFixed(3)},${(west + 2).toFixed(3)},${(south + 1).toFixed(3)}&zoom=9`);
  } else if (roll < 0.6) {
    await request("HTML page", pick(["/services", "/home", `/service/${pick(targets)}`, "/ua/services"]));
  } else if (roll < 0.8) {
    const serviceId = pick(targets);
    const quality = 1 + (seed % 5);
    const at = Date.now();
    const response = await request("POST review", `/api/items/${serviceId}/reviews`, {
      method: "POST",
      cookie: person.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rating: { quality, speed: 3, price: 4 }, comment: `soak ${seed}` }),
    });
    written.reviews.push({ userId: person.id, serviceId, quality, status: response?.status ?? 0, at });
  } else if (roll < 0.9 && person.uploads < UPLOADS_PER_USER) {
    person.uploads++;
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png(seed))], { type: "image/png" }), "soak.png");
    const response = await request("POST upload", "/api/uploads", { method: "POST", cookie: person.cookie, body: form });
    const body = response?.status === 201 ? ((await response.json()) as { id: string }) : null;
    written.uploads.push({ userId: person.id, id: body?.id ?? null, status: response?.status ?? 0 });
  } else if (roll < 0.93 && person.feedback < FEEDBACK_PER_USER) {
    person.feedback++;
    const title = `soak feedback ${seed}`;
    const response = await request("POST feedback", "/api/etc/feedback", {
      method: "POST",
      cookie: person.cookie,
      ip: person.ip,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title, message: "Sent during the soak.", email: person.email }),
    });
    written.feedback.push({ title, status: response?.status ?? 0 });
  } else {
    const order = await request("POST order", "/api/items/users/sto-order", {
      method: "POST",
      cookie: person.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...STATION_INPUT, name: `Soak station ${seed}` }),
    });
    if (order?.status !== 201) return;
    const { _id } = (await order.json()) as { _id: string };
    const paid = await request("PUT pay (test)", `/api/items/users/${_id}/pay`, { method: "PUT", cookie: person.cookie, headers: { "content-type": "application/json" }, body: JSON.stringify({ paymentMethod: "test" }) });
    written.payments.push({ userId: person.id, stationId: _id, status: paid?.status ?? 0 });
  }
}

// ---- the run ----
const started = Date.now();
const deadline = started + SECONDS * 1000;
const memory: { at: number; mib: number }[] = [];
const sampler = setInterval(() => memory.push({ at: Date.now(), mib: serverRssMiB() }), 1000);
let restarted: Promise<void> = Promise.resolve();
if (RESTART) {
  restarted = sleep((SECONDS * 1000) / 2).then(async () => {
    log("restarting PostgreSQL under load (pg_ctl restart -m fast)");
    outage.from = Date.now();
    await postgres.restart();
    outage.databaseBack = Date.now();
    outage.to = outage.databaseBack + RECOVERY_GRACE_MS;
    log(`PostgreSQL answers again after ${outage.databaseBack - outage.from} ms`);
  });
}
// The mail provider is away from 20 % to 45 % of the run, before the database restart.
const mailOutage = sleep(SECONDS * 200).then(async () => {
  log("the mail provider goes down");
  mailProvider.down = true;
  await sleep(SECONDS * 250);
  mailProvider.down = false;
  log(`the mail provider is back (${mailProvider.refused} sends refused meanwhile)`);
});
log(`${SECONDS} s of mixed reads and writes by ${people.length} people`);
let seed = 0;
await Promise.all(
  people.map(async (person) => {
    while (Date.now() < deadline) await act(person, seed++);
  }),
);
await restarted;
await mailOutage;
clearInterval(sampler);

// ---- what the clients saw ----
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};
/** In flight at any moment between the restart's start and the end of the grace after it. */
const inOutage = (outcome: Outcome) => outcome.at + outcome.ms >= outage.from && outcome.at <= outage.to;
const kinds = [...new Set(outcomes.map((outcome) => outcome.kind))];
console.table(
  kinds.map((kind) => {
    const mine = outcomes.filter((outcome) => outcome.kind === kind);
    const statuses: Record<string, number> = {};
    for (const outcome of mine) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    if (kind === "HTML page") statuses["error page"] = mine.filter((outcome) => outcome.errorPage).length;
    return { kind, requests: mine.length, p50: percentile(mine.map((o) => o.ms), 50), p95: percentile(mine.map((o) => o.ms), 95), p99: percentile(mine.map((o) => o.ms), 99), statuses: JSON.stringify(statuses) };
  }),
);
const total = outcomes.length;
console.log(`${total} requests in ${((Date.now() - started) / 1000).toFixed(0)} s (${(total / SECONDS).toFixed(0)} req/s)`);
/**
 * When the app first answered that the database was away. A page already rendering then cannot be
 * turned into a 503 (Next has no hook for it): it may show the error page or a 500. Any page that
 * started later must meet the outage window in proxy.ts instead.
 */
const noticed = Math.min(...outcomes.filter((outcome) => inOutage(outcome) && (outcome.status >= 500 || outcome.errorPage)).map((outcome) => outcome.at + outcome.ms));
const caughtRendering = (outcome: Outcome) => outcome.kind === "HTML page" && inOutage(outcome) && outcome.at < noticed && (outcome.status === 500 || outcome.errorPage);
for (const outcome of outcomes) {
  if (caughtRendering(outcome)) continue;
  if (outcome.status === -1) fail(`${outcome.kind} hung for ${HANG_MS} ms`);
  else if (outcome.status === 0) fail(`${outcome.kind}: connection to the app failed`);
  else if (outcome.status === 503 && !inOutage(outcome)) fail(`${outcome.kind}: 503 outside the restart`);
  else if (outcome.status >= 500 && outcome.status !== 503) fail(`${outcome.kind}: ${outcome.status}${inOutage(outcome) ? " during the restart" : ""}`);
  else if (outcome.status >= 400 && outcome.status !== 503) fail(`${outcome.kind}: unexpected ${outcome.status}`);
  else if (outcome.errorPage && !inOutage(outcome)) fail(`${outcome.kind}: the error page outside the restart`);
}
if (RESTART) {
  const during = outcomes.filter(inOutage);
  const unavailable = during.filter((outcome) => outcome.status === 503);
  const firstGood = outcomes.filter((o) => o.at >= outage.databaseBack && o.status < 300).sort((a, b) => a.at - b.at)[0];
  const lastUnavailable = unavailable.map((o) => o.at + o.ms).sort((a, b) => b - a)[0];
  console.log(
    `restart: PostgreSQL away ${outage.databaseBack - outage.from} ms; ${during.length} requests in the window, ${unavailable.length} answered 503 (longest ${Math.max(0, ...unavailable.map((o) => o.ms))} ms), ` +
      `${outcomes.filter(caughtRendering).length} pages caught rendering as it went away; ` +
      `first success ${firstGood ? firstGood.at - outage.databaseBack : "none"} ms after PostgreSQL was back; last 503 ${lastUnavailable ? lastUnavailable - outage.databaseBack : "none"} ms after`,
  );
  if (unavailable.length === 0) fail("the restart produced no 503: the fault was not exercised");
}

// ---- what the database kept ----
const ids = people.map((person) => person.id);
const stored = (await db.query<{ userId: string; serviceId: string; quality: number }>(`SELECT "userId", "serviceId", quality FROM reviews WHERE "userId" = ANY($1::uuid[])`, [ids])).rows;
const storedReviews = new Map(stored.map((row) => [`${row.userId}/${row.serviceId}`, row.quality]));
const lastByPair = new Map<string, (typeof written.reviews)[number][]>();
for (const review of written.reviews) lastByPair.set(`${review.userId}/${review.serviceId}`, [...(lastByPair.get(`${review.userId}/${review.serviceId}`) ?? []), review]);
let inDoubt = 0;
for (const [pair, attempts] of lastByPair) {
  const acknowledged = attempts.filter((attempt) => attempt.status === 201);
  const last = acknowledged.at(-1);
  const laterUnanswered = attempts.some((attempt) => attempt.status !== 201 && (!last || attempt.at > last.at));
  if (laterUnanswered) inDoubt++;
  if (!last) {
    if (storedReviews.has(pair) && !laterUnanswered) fail(`review ${pair} stored though never acknowledged`);
    continue;
  }
  if (!storedReviews.has(pair)) fail(`acknowledged review ${pair} lost`);
  else if (storedReviews.get(pair) !== last.quality && !laterUnanswered) fail(`review ${pair} holds ${storedReviews.get(pair)}, last acknowledged ${last.quality}`);
}
for (const pair of storedReviews.keys()) if (!lastByPair.has(pair)) fail(`review ${pair} stored but never sent`);
// The demo seed stores averages rounded to two places, the app exact ones: counts must match exactly.
const drift = (
  await db.query<{ id: string }>(
    `SELECT s.id FROM services s LEFT JOIN LATERAL (SELECT count(*)::int AS n, coalesce(avg(avg), 0) AS avg FROM reviews r WHERE r."serviceId" = s.id) a ON true
     WHERE s.id = ANY($1::uuid[]) AND (s."numReviews" <> a.n OR abs(s."ratingAvg" - a.avg) > 0.005)`,
    [targets],
  )
).rows;
if (drift.length) fail(`${drift.length} services' ratings do not match their reviews`);

const storedImages = new Set((await db.query<{ id: string }>(`SELECT id FROM images WHERE "ownerId" = ANY($1::uuid[])`, [ids])).rows.map((row) => row.id));
const acknowledgedImages = written.uploads.filter((upload) => upload.id);
for (const upload of acknowledgedImages) if (!storedImages.has(upload.id!)) fail(`acknowledged upload ${upload.id} lost`);
const unansweredUploads = written.uploads.filter((upload) => !upload.id).length;
if (storedImages.size > acknowledgedImages.length + unansweredUploads) fail(`${storedImages.size} images stored for ${acknowledgedImages.length} acknowledged uploads`);

const paidRows = (await db.query<{ id: string; payments: number }>(`SELECT s.id, (SELECT count(*)::int FROM payments p WHERE p."serviceId" = s.id) AS payments FROM services s WHERE s."ownerId" = ANY($1::uuid[]) AND s."isPaid"`, [ids])).rows;
const paidStations = new Map(paidRows.map((row) => [row.id, row.payments]));
const acknowledgedPayments = written.payments.filter((payment) => payment.status === 200);
for (const payment of acknowledgedPayments) {
  if (!paidStations.has(payment.stationId!)) fail(`acknowledged payment for ${payment.stationId} lost`);
  else if (paidStations.get(payment.stationId!) !== 1) fail(`station ${payment.stationId} has ${paidStations.get(payment.stationId!)} payments`);
}
const unansweredPayments = written.payments.length - acknowledgedPayments.length;
if (paidStations.size > acknowledgedPayments.length + unansweredPayments) fail(`${paidStations.size} paid stations for ${acknowledgedPayments.length} acknowledged payments`);
const drafts = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM services WHERE "ownerId" = ANY($1::uuid[]) AND NOT "isPaid" GROUP BY "ownerId" HAVING count(*) > 1`, [ids])).rows;
if (drafts.length) fail(`${drafts.length} people hold more than one unpaid draft`);
console.log(
  `writes: ${written.reviews.filter((r) => r.status === 201).length} reviews acknowledged (${storedReviews.size} stored pairs, ${inDoubt} in doubt after a 503), ` +
    `${acknowledgedImages.length} uploads (${storedImages.size} stored), ${acknowledgedPayments.length} paid orders (${paidStations.size} paid stations, each paid once)`,
);

// ---- mail: every acknowledged feedback is mailed once, the outage only delays it ----
// Time passes for the retry pauses; the app's own job runner (every 10 s) does the delivering.
await db.query(`UPDATE mail_outbox SET "nextAttemptAt" = now() WHERE status = 'pending'`);
for (let waited = 0; waited < 60_000; waited += 2000) {
  const [{ pending }] = (await db.query<{ pending: number }>(`SELECT count(*)::int AS pending FROM mail_outbox WHERE status = 'pending'`)).rows as [{ pending: number }];
  if (pending === 0) break;
  await sleep(2000);
}
const mails = (await db.query<{ id: string; subject: string; status: string; attempts: number }>(`SELECT id, subject, status, attempts FROM mail_outbox WHERE kind = 'feedback'`)).rows;
const acknowledgedFeedback = written.feedback.filter((entry) => entry.status === 201);
let lostMail = 0;
for (const entry of acknowledgedFeedback) {
  const mail = mails.find((row) => row.subject.includes(entry.title));
  const deliveries = mail ? (mailProvider.delivered.get(`mail-${mail.id}`) ?? 0) : 0;
  if (!mail || mail.status !== "sent" || deliveries === 0) lostMail++;
  else if (deliveries > 1) fail(`mail ${mail.id} was delivered ${deliveries} times`);
}
if (lostMail) fail(`${lostMail} of ${acknowledgedFeedback.length} acknowledged feedback mails never arrived`);
const retried = mails.filter((row) => row.attempts > 1).length;
if (mailProvider.refused === 0) fail("the mail outage refused no send: the fault was not exercised");
console.log(`mail: ${mails.length} queued, ${retried} retried after the outage, ${mails.filter((row) => row.status === "sent").length} delivered, ${lostMail} lost (${mailProvider.refused} sends refused while the provider was down)`);

// ---- memory: the second quarter against the last, past warm-up ----
const quarter = (index: number) => memory.filter((sample) => sample.at >= started + (index * SECONDS * 1000) / 4 && sample.at < started + ((index + 1) * SECONDS * 1000) / 4).map((sample) => sample.mib);
const early = percentile(quarter(1), 50);
const late = percentile(quarter(3), 50);
console.log(`server memory (RSS, MiB): median ${early.toFixed(0)} in the second quarter, ${late.toFixed(0)} in the last; peak ${Math.max(...memory.map((sample) => sample.mib)).toFixed(0)}`);
if (late > early * 1.25 + 32) fail(`memory grew from ${early.toFixed(0)} to ${late.toFixed(0)} MiB`);

await db.end();
if (failures.length) {
  console.error(`\n✖ soak failed: ${failures.length} problems (first: ${failures[0]})`);
  if (serverLog) console.error(`server stderr (last 3000 characters):\n${serverLog.slice(-3000)}`);
  process.exit(1);
}
console.log("\n✔ soak passed");
process.exit(0);

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
