// npm run test:cluster: Maister past one machine. PostgreSQL, PgBouncer in transaction mode in
// front of it, two production instances of the app on it, and nginx spreading requests over
// them round-robin (all on loopback, run by this script, as the `postgres` user when started as
// root). Checks, each printed as ✔ or ✖:
//   - a review or a block made on instance A is seen on B by the very next request (API and the page B kept);
//   - a session made on A works on B, and signing out on A ends it on B;
//   - a rate limit is shared by the instances and keyed by the client address nginx forwards
//     (a forged X-Forwarded-For does not buy a fresh allowance);
//   - under load, PgBouncer is restarted: the app answers 503 meanwhile and serves normally again
//     without being restarted;
//   - under load, instance B is killed: nginx routes around it, and no acknowledged write is lost
//     or stored twice;
//   - under load, a rolling restart: SIGTERM to A, its exit, A started again and ready
//     (/api/readyz), then the same for B: no answer >= 500 and no failed connection, every
//     acknowledged write stored exactly once (prints requests, 5xx, lost writes, drain times), and
//     every mail written meanwhile sent exactly once by a stand-in for Resend that refuses the first
//     attempt of every fourth mail with a 503, so those go out by their job on the job queue
//     (pg-boss), worked by both instances across the restarts.
// The instances run the standalone artifact copied out of the repository, as an image would hold
// it; nginx and PgBouncer run deploy/nginx.conf and deploy/pgbouncer.ini, the files compose uses.
// Fails (exit 1) on any ✖. CLUSTER_SKIP_BUILD=1 reuses the last `next build`.
//   CLUSTER_PORT (3700: nginx; +1, +2 the instances; +3 PgBouncer; +4 PostgreSQL)
//   CLUSTER_LOAD_SECONDS (30)  CLUSTER_PEOPLE (24)  PG_BIN
import "../../scripts/node-guard.mjs";

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

import { publishedSql } from "@/domain/service/server/published";
import { hashPassword } from "@/features/accounts/server/passwords";
import { totpCode } from "@/features/accounts/totp";
import { DEMO_ADMIN_TOTP_SECRET } from "@/prisma/demo-accounts";

import {
  buildApp,
  runOrThrow,
  STANDALONE_SERVER,
  startApp,
  waitForHealth,
  type App,
} from "../../scripts/app-server.mjs";
import { tsxCommand } from "../../scripts/node-commands.mjs";
import { startFakeResend } from "../helpers/fake-resend";
import { runAsServiceUser, serviceDirectory, startLocalPostgres, startPgBouncer } from "./local-postgres";
import { sessionCookieIn } from "./session-cookie";
import { renderDeployFile } from "./templates";
import { createVerdict } from "./verdict";

const BASE = Number(process.env.CLUSTER_PORT ?? 3700);
const PORTS = { nginx: BASE, a: BASE + 1, b: BASE + 2, pgbouncer: BASE + 3, postgres: BASE + 4 };
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 30);
const PEOPLE = Number(process.env.CLUSTER_PEOPLE ?? 24);
const PASSWORD = "Poltava-Gears-7!";
const HANG_MS = 15_000;
/** After PgBouncer is back, the instances have this long to serve normally again. */
const RECOVERY_GRACE_MS = 10_000;
/** After instance B is killed, requests already sent to it may fail; nginx must route around it by then. */
const FAILOVER_GRACE_MS = 3_000;
const ORIGIN = `http://127.0.0.1:${PORTS.nginx}`;
const INSTANCE = { a: `http://127.0.0.1:${PORTS.a}`, b: `http://127.0.0.1:${PORTS.b}` };

const { failures, check, log } = createVerdict();

// ---- HTTP, from a chosen loopback address (nginx forwards it as the client address) ----
/** `cache`: what the page cache said (X-Page-Cache), for a page. */
type Answer = {
  status: number;
  text: string;
  cookies: string[];
  ms: number;
  at: number;
  cache?: string;
  requestId?: string;
};
/** `fresh`: a connection of its own, closed after the answer (else Node's kept-alive agent). */
type Send = {
  method?: string;
  body?: unknown;
  cookie?: string;
  from?: string;
  headers?: Record<string, string>;
  fresh?: boolean;
};
function send(url: string, { method = "GET", body, cookie, from, headers = {}, fresh }: Send = {}): Promise<Answer> {
  const at = Date.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const request = httpRequest(
      url,
      {
        method,
        localAddress: from,
        ...(fresh ? { agent: false } : {}),
        timeout: HANG_MS,
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const setCookie = response.headers["set-cookie"] ?? [];
          const cache = response.headers["x-page-cache"];
          resolve({
            status: response.statusCode ?? 0,
            text,
            cookies: setCookie,
            ms: Date.now() - at,
            at,
            cache: typeof cache === "string" ? cache : undefined,
            requestId:
              typeof response.headers["x-request-id"] === "string" ? response.headers["x-request-id"] : undefined,
          });
        });
        response.on("error", () => resolve({ status: 0, text: "", cookies: [], ms: Date.now() - at, at }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("hang")));
    request.on("error", (error) =>
      resolve({ status: error.message === "hang" ? -1 : 0, text: "", cookies: [], ms: Date.now() - at, at }),
    );
    request.end(payload);
  });
}
const json = <T>(answer: Answer) => JSON.parse(answer.text) as T;
/** A direct request to one instance, as nginx would send it: the client address in X-Forwarded-For. */
const direct = (instance: keyof typeof INSTANCE, pathname: string, options: Send = {}) =>
  send(`${INSTANCE[instance]}${pathname}`, {
    ...options,
    headers: { "x-forwarded-for": options.from ?? "127.0.0.1", ...options.headers },
    from: undefined,
  });

async function signIn(
  email: string,
  password: string,
  via: (pathname: string, options: Send) => Promise<Answer>,
  from?: string,
  totpSecret?: string,
): Promise<string> {
  let answer = await via("/api/users/login", { method: "POST", body: { email, password }, from });
  // Two-step verification (the demo admin has it on): the code from its key goes to the second step.
  const challenge = answer.cookies.find((value) => /^(__Host-)?maister\.mfa-challenge=/.test(value))?.split(";")[0];
  if (challenge && totpSecret)
    answer = await via("/api/users/login/totp", {
      method: "POST",
      body: { code: totpCode(totpSecret) },
      cookie: challenge,
      from,
    });
  const cookie = sessionCookieIn(answer.cookies);
  if (!cookie) throw new Error(`sign-in as ${email} failed: ${answer.status} ${answer.text.slice(0, 200)}`);
  return cookie;
}

// ---- the servers ----
process.on("SIGINT", () => process.exit(130));
// Each server started registers its stop on exit: more than Node's default 10 listeners.
process.setMaxListeners(30);

log(`PostgreSQL on 127.0.0.1:${PORTS.postgres}`);
const postgres = startLocalPostgres(PORTS.postgres);

log(`PgBouncer (transaction mode) on 127.0.0.1:${PORTS.pgbouncer}`);
const bouncer = startPgBouncer(PORTS.pgbouncer, postgres.url);
const POOLED_URL = bouncer.url;

// Resend's stand-in: the first attempt of every fourth mail (by its idempotency key) answers 503.
const firstSeen = new Set<string>();
const resend = await startFakeResend(({ key }) => {
  if (!key || firstSeen.has(key)) return null;
  firstSeen.add(key);
  return firstSeen.size % 4 === 0 ? { status: 503, name: "application_error", message: "Service unavailable" } : null;
});

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: POOLED_URL,
  RESEND_API_KEY: "re_cluster",
  RESEND_BASE_URL: resend.url,
  DIRECT_DATABASE_URL: postgres.url,
  NEXT_TELEMETRY_DISABLED: "1",
  SEED_DEMO_DATA: "true",
  MAIL_DEV_OUTBOX: "true",
  PAYMENTS_TEST_MODE: "true",
  APP_SECRET: "cluster-secret-for-local-runs-only-0123456789",
  APP_URL: ORIGIN,
  NOMINATIM_URL: "http://127.0.0.1:9",
  TRUSTED_PROXY_HOPS: "1",
};
delete env.PAYPAL_CLIENT_ID;
runOrThrow(...tsxCommand("scripts/db/prepare.ts", ["--seed"]), env);
buildApp(env, process.env.CLUSTER_SKIP_BUILD === "1");
// The artifact away from the repository: whatever it reads at run time must be inside it.
const artifact = mkdtempSync(path.join(os.tmpdir(), "maister-standalone-"));
process.on("exit", () => rmSync(artifact, { recursive: true, force: true }));
cpSync(path.dirname(STANDALONE_SERVER), artifact, { recursive: true, verbatimSymlinks: true });
log(`the standalone server, copied to ${artifact}`);
const startInstance = (name: "a" | "b"): App =>
  startApp({ port: PORTS[name], env, command: [process.execPath, path.join(artifact, "server.js")] });
const instances = { a: startInstance("a"), b: startInstance("b") };

log(`nginx (round-robin) on ${ORIGIN}`);
const nginxDir = serviceDirectory("maister-nginx-");
// deploy/nginx.conf, the file compose mounts, filled with this run's ports, inside a main
// configuration of the run's own (its pid file, log and temporary files in a directory of its own).
// `down`: that instance marked down, as a rolling restart does before stopping it.
const writeNginxSite = (down?: "a" | "b") =>
  writeFileSync(
    path.join(nginxDir, "maister.conf"),
    renderDeployFile("nginx.conf", {
      MAISTER_LISTEN: `127.0.0.1:${PORTS.nginx}`,
      MAISTER_APP_A: `127.0.0.1:${PORTS.a}${down === "a" ? " down" : ""}`,
      MAISTER_APP_B: `127.0.0.1:${PORTS.b}${down === "b" ? " down" : ""}`,
      MAISTER_ACCESS_LOG: path.join(nginxDir, "access.log"),
    }),
  );
writeNginxSite();
writeFileSync(
  path.join(nginxDir, "nginx.conf"),
  `worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  include ${nginxDir}/maister.conf;
}
`,
);
const nginxArgs = ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf")];
let nginxSyntax = "syntax is ok";
try {
  runAsServiceUser("/usr/sbin/nginx", ["-t", "-q", ...nginxArgs]);
} catch (error) {
  nginxSyntax = error instanceof Error ? error.message : String(error);
}
check(nginxSyntax === "syntax is ok", "nginx -t accepts deploy/nginx.conf as this run fills it", nginxSyntax);
runAsServiceUser("/usr/sbin/nginx", nginxArgs);
const nginxWorkers = () => {
  const master = readFileSync(path.join(nginxDir, "nginx.pid"), "utf8").trim();
  return spawnSync("ps", ["-o", "pid=", "--ppid", master], { encoding: "utf8" }).stdout.split(/\s+/).filter(Boolean);
};
/**
 * nginx with the site written anew (`down`: that instance out of the rotation), reloaded the way
 * nginx does it gracefully: new workers take the new configuration, the old ones finish the requests
 * they have and exit, closing their kept-alive connections to the instances themselves. Resolves once
 * the old workers are gone.
 */
async function reloadNginx(down?: "a" | "b"): Promise<void> {
  const old = nginxWorkers();
  writeNginxSite(down);
  runAsServiceUser("/usr/sbin/nginx", ["-s", "reload", ...nginxArgs]);
  const since = Date.now();
  while (nginxWorkers().some((pid) => old.includes(pid))) {
    if (Date.now() - since > 30_000) throw new Error("nginx's old workers did not exit in 30 s");
    await sleep(100);
  }
}
process.prependListener("exit", () => {
  try {
    runAsServiceUser("/bin/sh", ["-c", `kill -TERM "$(cat ${nginxDir}/nginx.pid)"`]);
  } catch {
    // not running
  }
});

for (const url of [INSTANCE.a, INSTANCE.b, ORIGIN]) await waitForHealth(url, { timeoutMs: 120_000 });
log("both instances and nginx answer");

const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
db.on("error", () => undefined);

// ---- 1. a write on A is seen on B by the next request ----
{
  const admin = await signIn(
    "admin@maister.local",
    "Kyiv-Brakes-26!",
    (p, o) => direct("a", p, o),
    undefined,
    DEMO_ADMIN_TOTP_SECRET,
  );
  const reviewer = await signIn("user@maister.local", "Lviv-Tyres-26!", (p, o) => direct("a", p, o));
  const [target] = (
    await db.query<{ id: string }>(
      `SELECT id FROM services s WHERE ${publishedSql("s")} AND role = 'sto' ORDER BY name LIMIT 1`,
    )
  ).rows;
  const id = target!.id;
  type Detail = { numReviews: number; reviews: { comment: string }[] };
  const before = json<Detail>(await direct("b", `/api/items/${id}`));
  // A browser's load of the service page, from a visitor without a session: B's page cache keeps it.
  const pageOnB = () => direct("b", `/service/${id}`, { headers: { accept: "text/html" } });
  const loads = [await pageOnB(), await pageOnB(), await pageOnB()];
  // B keeps that answer and that page in memory now; the review goes to A.
  const comment = `cluster review ${Date.now()}`;
  const posted = await direct("a", `/api/items/${id}/reviews`, {
    method: "POST",
    cookie: reviewer,
    body: { rating: { quality: 5, speed: 4, price: 4 }, comment },
  });
  const after = json<Detail>(await direct("b", `/api/items/${id}`));
  check(
    posted.status === 201 && after.reviews.some((review) => review.comment === comment),
    "a review posted on A is on B's next answer",
    `posted ${posted.status}; B shows ${after.numReviews} reviews (before ${before.numReviews})`,
  );
  const pageAfter = await pageOnB();
  check(
    loads.at(-1)?.cache === "hit" &&
      !loads.at(-1)!.text.includes(comment) &&
      pageAfter.status === 200 &&
      pageAfter.text.includes(comment),
    "the service page B kept for visitors shows that review on its next load",
    `B's page loads ${loads.map((load) => load.cache ?? "rendered").join(", ")}; after the review: ${pageAfter.cache ?? "rendered"}, review ${pageAfter.text.includes(comment) ? "shown" : "missing"}`,
  );

  const [{ name }] = (await db.query<{ name: string }>(`SELECT name FROM services WHERE id = $1`, [id])).rows as [
    { name: string },
  ];
  const listed = async () =>
    json<{ items: { _id: string }[] }>(await direct("b", `/api/items?keyword=${encodeURIComponent(name)}`)).items.some(
      (item) => item._id === id,
    );
  const visibleBefore = await listed();
  const blocked = await direct("a", `/api/items/admin/${id}/block`, { method: "PUT", cookie: admin });
  const page = await direct("b", `/api/items/${id}`);
  check(
    visibleBefore && blocked.status === 200 && page.status === 404 && !(await listed()),
    "a block made on A hides the service on B at once",
    `block ${blocked.status}; B's page ${page.status}`,
  );
  await direct("a", `/api/items/admin/${id}/block`, { method: "PUT", cookie: admin });

  // ---- 2. one session, both instances ----
  const onB = await direct("b", "/api/users", { cookie: admin });
  const out = await direct("a", "/api/users/logout", { method: "POST", cookie: admin });
  const afterOut = await direct("b", "/api/users", { cookie: admin });
  check(
    onB.status === 200 && out.status === 200 && afterOut.status === 401,
    "a session made on A works on B, and signing out on A ends it on B",
    `B before ${onB.status}, sign-out ${out.status}, B after ${afterOut.status}`,
  );
}

// ---- 2b. the request id is nginx's, and nginx's log keeps no query string ----
{
  // As a link from a mail would come: its token in the query, the page's own request as Referer.
  const secret = `cluster-token-${Date.now()}`;
  const answer = await send(`${ORIGIN}/api/items?limit=1&token=${secret}`, {
    headers: { "x-request-id": "client-chosen-id-1234", referer: `${ORIGIN}/ua/reset-password?token=${secret}` },
  });
  const id = answer.requestId ?? "";
  await sleep(200);
  const accessLog = readFileSync(path.join(nginxDir, "access.log"), "utf8");
  check(
    answer.status === 200 && /^[0-9a-f]{32}$/.test(id) && accessLog.includes(id),
    "the request id is nginx's own (not the client's), echoed by the app and in nginx's access log",
    `status ${answer.status}, id ${id || "none"}`,
  );
  check(!accessLog.includes(secret), "nginx's access log holds no query string or Referer (mailed tokens)");
}

// ---- 3. a shared rate limit, keyed by the address nginx forwards ----
{
  const member = await signIn(
    "mechanic@maister.local",
    "Dnipro-Oil-26!",
    (p, o) => send(`${ORIGIN}${p}`, o),
    "127.0.0.2",
  );
  const feedback = (from: string, n: number, headers: Record<string, string> = {}) =>
    send(`${ORIGIN}/api/etc/feedback`, {
      method: "POST",
      cookie: member,
      from,
      headers,
      body: { title: `cluster limit ${from} ${n}`, message: "Rate limit check.", email: "mechanic@maister.local" },
    });
  const statuses: number[] = [];
  for (let n = 1; n <= 6; n++) statuses.push((await feedback("127.0.0.2", n)).status);
  const forged = await feedback("127.0.0.2", 7, { "x-forwarded-for": "203.0.113.77" });
  const neighbour = await feedback("127.0.0.3", 1);
  check(
    statuses.slice(0, 5).every((status) => status === 201) &&
      statuses[5] === 429 &&
      forged.status === 429 &&
      neighbour.status === 201,
    "the feedback limit (5 an hour per address) is shared by both instances and keyed by the address nginx forwards",
    `127.0.0.2: ${statuses.join(", ")}; forged header: ${forged.status}; 127.0.0.3: ${neighbour.status}`,
  );
}

// ---- 4 and 5. under load: PgBouncer restarted, then instance B killed ----
const passwordHash = await hashPassword(PASSWORD);
const users = (
  await db.query<{ id: string; email: string }>(
    `INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "emailVerifiedAt", "updatedAt")
     SELECT gen_random_uuid(), 'Cluster ' || g, 'cluster' || g || '@cluster.local', 'cluster' || g || '@cluster.local', $1, now(), now() FROM generate_series(1, $2::int) g
     RETURNING id, email`,
    [passwordHash, PEOPLE],
  )
).rows;
const targets = (
  await db.query<{ id: string }>(`SELECT id FROM services s WHERE ${publishedSql("s")} LIMIT 40`)
).rows.map((row) => row.id);
/** New reviews are limited to 6 an hour per account: each person reviews at most this many services, then edits. */
const NEW_REVIEWS_PER_PERSON = 5;
type Person = { id: string; email: string; from: string; cookie: string; feedback: number; reviewed: string[] };
const people: Person[] = [];
for (const [index, user] of users.entries()) {
  const from = `127.0.1.${index + 1}`;
  people.push({
    ...user,
    from,
    cookie: await signIn(user.email, PASSWORD, (p, o) => send(`${ORIGIN}${p}`, o), from),
    feedback: 0,
    reviewed: [],
  });
}
log(`${people.length} people, ${LOAD_SECONDS} s of load through nginx`);

type Outcome = { kind: string; status: number; at: number; ms: number };
/** What one load phase saw: every answer, and the writes acknowledged (or sent and never answered). */
type Load = {
  label: string;
  /** Each request on a connection of its own (see the rolling restart). */
  fresh?: boolean;
  outcomes: Outcome[];
  acknowledged: { feedback: string[]; unanswered: string[]; reviews: Map<string, number> };
};
const newLoad = (label: string, fresh = false): Load => ({
  label,
  fresh,
  outcomes: [],
  acknowledged: { feedback: [], unanswered: [], reviews: new Map() },
});
const load = newLoad("load");
const { outcomes } = load;
const events = { bouncerDown: Infinity, bouncerBack: Infinity, killed: Infinity };
const started = Date.now();
const deadline = started + LOAD_SECONDS * 1000;
let seed = 0;

/** One request of a person: a feedback (at most 4 a phase, the limit is 5 an hour), a review or a read. */
async function act(person: Person, { label, outcomes, acknowledged, fresh }: Load = load): Promise<void> {
  const n = seed++;
  const roll = n % 5;
  if (roll === 0 && person.feedback < 4) {
    person.feedback++;
    const title = `cluster ${label} ${person.from} ${person.feedback}`;
    const answer = await send(`${ORIGIN}/api/etc/feedback`, {
      method: "POST",
      cookie: person.cookie,
      from: person.from,
      fresh,
      body: { title, message: "Sent under load.", email: person.email },
    });
    outcomes.push({ kind: "POST feedback", status: answer.status, at: answer.at, ms: answer.ms });
    (answer.status === 201 ? acknowledged.feedback : acknowledged.unanswered).push(title);
  } else if (roll === 1) {
    const serviceId =
      person.reviewed.length < NEW_REVIEWS_PER_PERSON
        ? targets[n % targets.length]!
        : person.reviewed[n % person.reviewed.length]!;
    if (!person.reviewed.includes(serviceId)) person.reviewed.push(serviceId);
    const quality = 1 + (n % 5);
    const answer = await send(`${ORIGIN}/api/items/${serviceId}/reviews`, {
      method: "POST",
      cookie: person.cookie,
      from: person.from,
      fresh,
      body: { rating: { quality, speed: 3, price: 3 }, comment: `cluster ${n}` },
    });
    outcomes.push({ kind: "POST review", status: answer.status, at: answer.at, ms: answer.ms });
    // Only an acknowledged write must be kept; the last acknowledged one per person and service is what the database must hold.
    if (answer.status === 201) acknowledged.reviews.set(`${person.id}/${serviceId}`, quality);
  } else {
    const pathname = roll === 2 ? `/api/items/${targets[n % targets.length]}` : `/api/items?page=${1 + (n % 3)}`;
    const answer = await send(`${ORIGIN}${pathname}`, { from: person.from, fresh });
    outcomes.push({ kind: "GET", status: answer.status, at: answer.at, ms: answer.ms });
  }
}

// PgBouncer away at 20 % of the run, instance B killed at 70 %: time enough between them to see the recovery.
const faults = (async () => {
  await sleep(LOAD_SECONDS * 200);
  log("PgBouncer stops");
  events.bouncerDown = Date.now();
  bouncer.stop();
  await sleep(1500);
  bouncer.start();
  events.bouncerBack = Date.now();
  log(`PgBouncer is back after ${events.bouncerBack - events.bouncerDown} ms`);
  await sleep(Math.max(0, started + LOAD_SECONDS * 700 - Date.now()));
  log("instance B is killed");
  events.killed = Date.now();
  instances.b.stop("SIGKILL");
})();
await Promise.all(
  people.map(async (person) => {
    while (Date.now() < deadline) await act(person);
  }),
);
await faults;

const inBouncerWindow = (o: Outcome) =>
  o.at + o.ms >= events.bouncerDown && o.at <= events.bouncerBack + RECOVERY_GRACE_MS;
const inKillWindow = (o: Outcome) => o.at + o.ms >= events.killed && o.at <= events.killed + FAILOVER_GRACE_MS;
const unexpected = outcomes.filter((o) => {
  if (o.status === 201 || o.status === 200) return false;
  if (o.status === 503 && inBouncerWindow(o)) return false;
  if ((o.status === 502 || o.status === 0) && inKillWindow(o)) return false;
  return true;
});
const tally = (list: Outcome[]) => {
  const counts = new Map<string, number>();
  for (const o of list) counts.set(`${o.kind} ${o.status}`, (counts.get(`${o.kind} ${o.status}`) ?? 0) + 1);
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(", ") || "none";
};
console.log(`${outcomes.length} requests: ${tally(outcomes)}`);
const during = outcomes.filter(inBouncerWindow);
const afterBouncer = outcomes.filter(
  (o) => o.at > events.bouncerBack + RECOVERY_GRACE_MS && o.at + o.ms < events.killed,
);
const firstGood = outcomes.filter((o) => o.at >= events.bouncerBack && o.status < 300).sort((x, y) => x.at - y.at)[0];
console.log(
  `PgBouncer away ${events.bouncerBack - events.bouncerDown} ms; first success ${firstGood ? firstGood.at - events.bouncerBack : "none"} ms after it was back`,
);
check(
  during.some((o) => o.status === 503) && afterBouncer.length > 0 && afterBouncer.every((o) => o.status < 300),
  "a PgBouncer restart under load: 503 while it is away, normal service again without restarting the app",
  `window: ${tally(during)}; after: ${tally(afterBouncer)}`,
);
const afterKill = outcomes.filter((o) => o.at > events.killed + FAILOVER_GRACE_MS);
check(
  afterKill.length > 0 && afterKill.every((o) => o.status < 300),
  "instance B killed under load: nginx routes every later request to A",
  `after: ${tally(afterKill)}`,
);
check(unexpected.length === 0, "no failed request outside the two fault windows", tally(unexpected));

/** Every acknowledged write of a load phase stored exactly once (feedback) or kept (reviews); returns the counts. */
async function checkWrites({ label, acknowledged }: Load, writers: Person[]) {
  const stored = (
    await db.query<{ title: string; copies: number }>(
      `SELECT title, count(*)::int AS copies FROM feedback WHERE title LIKE $1 GROUP BY title`,
      [`cluster ${label} %`],
    )
  ).rows;
  const copies = new Map(stored.map((row) => [row.title, row.copies]));
  const lost = acknowledged.feedback.filter((title) => copies.get(title) !== 1);
  const doubled = stored.filter((row) => row.copies > 1);
  const phantom = stored.filter(
    (row) => !acknowledged.feedback.includes(row.title) && !acknowledged.unanswered.includes(row.title),
  );
  check(
    acknowledged.feedback.length > 0 && lost.length === 0 && doubled.length === 0 && phantom.length === 0,
    `${label}: every acknowledged feedback (${acknowledged.feedback.length}) stored exactly once`,
    `lost ${lost.length}, doubled ${doubled.length}, never sent ${phantom.length}`,
  );
  const reviews = (
    await db.query<{ key: string; quality: number }>(
      `SELECT "userId" || '/' || "serviceId" AS key, quality FROM reviews WHERE "userId" = ANY($1::uuid[])`,
      [writers.map((p) => p.id)],
    )
  ).rows;
  const kept = new Set(reviews.map((row) => row.key));
  const missing = [...acknowledged.reviews.keys()].filter((key) => !kept.has(key));
  check(
    acknowledged.reviews.size > 0 && missing.length === 0,
    `${label}: every acknowledged review (${acknowledged.reviews.size} person/service pairs) stored`,
    `missing ${missing.length}`,
  );
  return { lost: lost.length + missing.length, doubled: doubled.length };
}
await checkWrites(load, people);

// ---- 6. a rolling restart under load: SIGTERM A, its exit, A again and ready; then B ----
/** Ready: /api/readyz 200 (/api/health on a build from before readyz existed). */
async function waitForReady(origin: string, timeoutMs = 60_000): Promise<number> {
  const since = Date.now();
  for (;;) {
    const answer = await send(`${origin}/api/readyz`);
    if (answer.status === 200) return Date.now() - since;
    if (answer.status === 404 && (await send(`${origin}/api/health`)).status === 200) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`${origin} was not ready in ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

instances.b = startInstance("b");
await waitForReady(INSTANCE.b, 120_000);
log("instance B is back after the kill; rolling restart under load");
// The clients open a connection per request here: an nginx reload closes the old workers' idle
// client connections, and a browser sends a request again when its reused connection closes before
// any answer, but Node's client does not (it would count nginx's reload as a failed request).
const roll = newLoad("roll", true);
const rollStartedAt = (await db.query<{ now: Date }>(`SELECT now()`)).rows[0]!.now;
const rolled: {
  name: string;
  signalled: number;
  drainMs: number;
  code: number | null;
  signal: string | null;
  readyMs: number;
}[] = [];
let rolling = true;
const restarts = (async () => {
  try {
    await sleep(3_000);
    for (const name of ["a", "b"] as const) {
      // Out of nginx's rotation first. Open-source nginx learns that an instance is going only when
      // a connection to it fails, and Node's server.close() on SIGTERM (called by Next's handler, before
      // any of ours) destroys at once every kept-alive connection with no request in progress: a
      // request nginx is writing onto one at that moment is lost after it was sent, and nginx does not
      // send a POST again (not idempotent): a 502. Measured here: 1 in about 1,600 requests over two
      // restarts. A reload with the instance `down` lets nginx close those connections itself.
      await reloadNginx(name);
      const app = instances[name];
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        app.child.once("exit", (code, signal) => resolve({ code, signal })),
      );
      const signalled = Date.now();
      log(`SIGTERM to instance ${name.toUpperCase()}`);
      app.stop("SIGTERM");
      const { code, signal } = await exited;
      const drainMs = Date.now() - signalled;
      const startedAt = Date.now();
      instances[name] = startInstance(name);
      await waitForReady(INSTANCE[name]);
      const readyMs = Date.now() - startedAt;
      rolled.push({ name, signalled, drainMs, code, signal, readyMs });
      log(
        `instance ${name.toUpperCase()}: exit ${code ?? signal} ${drainMs} ms after SIGTERM, ready ${readyMs} ms after its start`,
      );
      // Back in the rotation, before the other one goes.
      await reloadNginx();
      await sleep(1_000);
    }
  } finally {
    rolling = false;
  }
})();
const rollers = people.map((person, index) => ({ ...person, from: `127.0.2.${index + 1}`, feedback: 0 }));
await Promise.all(
  rollers.map(async (person) => {
    while (rolling) await act(person, roll);
  }),
);
await restarts;
const failed = roll.outcomes.filter((o) => o.status >= 500 || o.status <= 0);
console.log(
  `rolling restart: ${roll.outcomes.length} requests, ${roll.outcomes.filter((o) => o.status >= 500).length} answers >= 500, ${roll.outcomes.filter((o) => o.status <= 0).length} failed connections; ${tally(roll.outcomes)}`,
);
console.log(
  `drain (SIGTERM to exit): ${rolled.map((r) => `${r.name.toUpperCase()} ${r.drainMs} ms (exit ${r.code ?? r.signal})`).join(", ")}; ready after start: ${rolled.map((r) => `${r.name.toUpperCase()} ${r.readyMs} ms`).join(", ")}`,
);
// Each failure with its time from the nearest SIGTERM, and what nginx said about it.
for (const o of failed) {
  const near = rolled.map(
    (r) => `${r.name.toUpperCase()}${o.at - r.signalled >= 0 ? "+" : ""}${o.at - r.signalled} ms`,
  );
  console.log(`  ${o.kind} ${o.status} (sent at SIGTERM ${near.join(", ")}, answered in ${o.ms} ms)`);
}
if (failed.length)
  console.log(
    readFileSync(path.join(nginxDir, "error.log"), "utf8")
      .split("\n")
      .filter((line) => /upstream|no live/.test(line))
      .slice(-10)
      .join("\n"),
  );
check(
  rolled.length === 2 && roll.outcomes.length > 0 && failed.length === 0,
  "a rolling restart of both instances under load answers no 5xx and fails no connection",
  `${roll.outcomes.length} requests; failed: ${tally(failed)}`,
);
const rollWrites = await checkWrites(roll, rollers);
console.log(`rolling restart writes: lost ${rollWrites.lost}, doubled ${rollWrites.doubled}`);

// The mails written during the rolling restart: the refused first attempts wait out the mail
// queue's first retry pause (30 s, lib/mail/outbox.ts) plus a poll, on whichever instance fetches them.
const pendingSince = async () =>
  Number(
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM mail_outbox WHERE "createdAt" >= $1 AND status = 'pending'`,
        [rollStartedAt],
      )
    ).rows[0]!.n,
  );
const mailWaitStarted = Date.now();
while ((await pendingSince()) > 0 && Date.now() - mailWaitStarted < 120_000) await sleep(1_000);
const rollMails = (
  await db.query<{ id: string; status: string; attempts: number }>(
    `SELECT id, status::text, attempts FROM mail_outbox WHERE "createdAt" >= $1`,
    [rollStartedAt],
  )
).rows;
const deliveredTimes = (id: string) => resend.delivered.filter((mail) => mail.key === `mail-${id}`).length;
const notOnce = rollMails.filter((mail) => mail.status !== "sent" || deliveredTimes(mail.id) !== 1);
const retried = rollMails.filter((mail) => mail.attempts > 1).length;
console.log(
  `rolling restart mail: ${rollMails.length} mails, ${retried} sent by their job after a refused first attempt, all settled ${Date.now() - mailWaitStarted} ms after the restarts; provider replays ${resend.replayed}`,
);
check(
  rollMails.length > 0 && retried > 0 && notOnce.length === 0,
  "every mail written during the rolling restart is sent exactly once, the refused ones by the job queue",
  `${notOnce.length} not sent exactly once: ${notOnce
    .slice(0, 5)
    .map((mail) => `${mail.id} ${mail.status} ×${deliveredTimes(mail.id)}`)
    .join(", ")}`,
);
await resend.close();

await db.end();
if (failures.length) {
  console.error(`✖ cluster failed: ${failures.length} of the checks`);
  process.exit(1);
}
console.log("✔ cluster passed");
process.exit(0);
