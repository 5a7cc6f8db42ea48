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
//     or stored twice.
// Fails (exit 1) on any ✖. CLUSTER_SKIP_BUILD=1 reuses the last `next build`.
//   CLUSTER_PORT (3700: nginx; +1, +2 the instances; +3 PgBouncer; +4 PostgreSQL)
//   CLUSTER_LOAD_SECONDS (30)  CLUSTER_PEOPLE (24)  PG_BIN
import { writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

import { hashPassword } from "@/features/accounts/server/passwords";
import { totpCode } from "@/features/accounts/totp";
import { publishedSql } from "@/features/catalog/server/published";
import { DEMO_ADMIN_TOTP_SECRET } from "@/prisma/demo-accounts";

import { buildApp, runOrThrow, startApp, waitForHealth } from "../../scripts/app-server.mjs";
import { runAsServiceUser, serviceDirectory, startLocalPostgres, startPgBouncer } from "./local-postgres";
import { sessionCookieIn } from "./session-cookie";
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
type Answer = { status: number; text: string; cookies: string[]; ms: number; at: number; cache?: string };
type Send = { method?: string; body?: unknown; cookie?: string; from?: string; headers?: Record<string, string> };
function send(url: string, { method = "GET", body, cookie, from, headers = {} }: Send = {}): Promise<Answer> {
  const at = Date.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const request = httpRequest(
      url,
      {
        method,
        localAddress: from,
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

log(`PostgreSQL on 127.0.0.1:${PORTS.postgres}`);
const postgres = startLocalPostgres(PORTS.postgres);

log(`PgBouncer (transaction mode) on 127.0.0.1:${PORTS.pgbouncer}`);
const bouncer = startPgBouncer(PORTS.pgbouncer, postgres.url);
const POOLED_URL = bouncer.url;

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: POOLED_URL,
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
runOrThrow("npx", ["tsx", "scripts/db/prepare.ts", "--seed"], env);
buildApp(env, process.env.CLUSTER_SKIP_BUILD === "1");
const instances = { a: startApp({ port: PORTS.a, env }), b: startApp({ port: PORTS.b, env }) };

log(`nginx (round-robin) on ${ORIGIN}`);
const nginxDir = serviceDirectory("maister-nginx-");
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
  upstream maister {
    server 127.0.0.1:${PORTS.a} max_fails=1 fail_timeout=10s;
    server 127.0.0.1:${PORTS.b} max_fails=1 fail_timeout=10s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${PORTS.nginx};
    client_max_body_size 12m;
    location / {
      proxy_pass http://maister;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # The app trusts one hop (TRUSTED_PROXY_HOPS=1): the last address, the one nginx appends.
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A refused connection was never sent: safe to try the other instance, also for a POST.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`,
);
runAsServiceUser("/usr/sbin/nginx", ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf")]);
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
const outcomes: Outcome[] = [];
const acknowledged = { feedback: [] as string[], unanswered: [] as string[], reviews: new Map<string, number>() };
const events = { bouncerDown: Infinity, bouncerBack: Infinity, killed: Infinity };
const started = Date.now();
const deadline = started + LOAD_SECONDS * 1000;
let seed = 0;

async function act(person: Person): Promise<void> {
  const n = seed++;
  const roll = n % 5;
  if (roll === 0 && person.feedback < 4) {
    person.feedback++;
    const title = `cluster load ${person.from} ${person.feedback}`;
    const answer = await send(`${ORIGIN}/api/etc/feedback`, {
      method: "POST",
      cookie: person.cookie,
      from: person.from,
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
      body: { rating: { quality, speed: 3, price: 3 }, comment: `cluster ${n}` },
    });
    outcomes.push({ kind: "POST review", status: answer.status, at: answer.at, ms: answer.ms });
    // Only an acknowledged write must be kept; the last acknowledged one per person and service is what the database must hold.
    if (answer.status === 201) acknowledged.reviews.set(`${person.id}/${serviceId}`, quality);
  } else {
    const pathname = roll === 2 ? `/api/items/${targets[n % targets.length]}` : `/api/items?page=${1 + (n % 3)}`;
    const answer = await send(`${ORIGIN}${pathname}`, { from: person.from });
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

const stored = (
  await db.query<{ title: string; copies: number }>(
    `SELECT title, count(*)::int AS copies FROM feedback WHERE title LIKE 'cluster load %' GROUP BY title`,
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
  `every acknowledged feedback (${acknowledged.feedback.length}) stored exactly once`,
  `lost ${lost.length}, doubled ${doubled.length}, never sent ${phantom.length}`,
);
const reviews = (
  await db.query<{ key: string; quality: number }>(
    `SELECT "userId" || '/' || "serviceId" AS key, quality FROM reviews WHERE "userId" = ANY($1::uuid[])`,
    [people.map((p) => p.id)],
  )
).rows;
const kept = new Map(reviews.map((row) => [row.key, row.quality]));
const missing = [...acknowledged.reviews.keys()].filter((key) => !kept.has(key));
check(
  acknowledged.reviews.size > 0 && missing.length === 0,
  `every acknowledged review (${acknowledged.reviews.size} person/service pairs) stored`,
  `missing ${missing.length}`,
);

await db.end();
if (failures.length) {
  console.error(`✖ cluster failed: ${failures.length} of the checks`);
  process.exit(1);
}
console.log("✔ cluster passed");
process.exit(0);
