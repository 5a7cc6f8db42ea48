// npm run test:soak: a bounded load-and-fault run against the production build. Many signed-in
// people read (lists, details, map, pages) and write (reviews, uploads, station orders paid in
// test mode, feedback that is mailed) at once on a PostgreSQL server of the run's own, which is
// restarted half-way; before that, the mail provider (a local stand-in for Resend's API) is down
// for a quarter of the run. Then every acknowledged write is checked against the database, and
// every mail must arrive once. Fails (exit 1) on any 500, any request that hangs, any 503 outside
// the restart, a lost or duplicated write or mail, ratings that do not match their reviews, or
// memory that keeps growing; only pages already rendering when PostgreSQL went away may fail
// otherwise (they are counted). The server's log (at debug, kept in SOAK_LOG) must hold no
// password, token, session cookie, APP_SECRET or full e-mail address, only JSON lines, and the
// request's id on every line about one (./soak/server-log.ts). Loopback only. The parts are in ./soak/.
//   SOAK_SECONDS (120)  SOAK_USERS (40)  SOAK_RESTART (1; 0 skips the restart)
//   SOAK_SKIP_BUILD=1 reuses the last `next build`  SOAK_PORT (3500)  SOAK_PG_PORT (55490)
//   PG_BIN (/usr/lib/postgresql/15/bin)  SOAK_LOG (.data/soak-server.log)
import "../../scripts/node-guard.mjs";

import { once } from "node:events";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";

import { publishedSql } from "@/domain/service/server/published";

import { assertPortFree, buildApp, runOrThrow, startApp, waitForHealth } from "../../scripts/app-server.mjs";
import { tsxCommand } from "../../scripts/node-commands.mjs";
import { startFakeResend } from "../helpers/fake-resend";
import { startLocalPostgres } from "./local-postgres";
import { mailOutage, NO_OUTAGE, restartHalfway } from "./soak/faults";
import { checkMailDelivery } from "./soak/mail-delivery";
import { memoryGrowth, sampleMemory } from "./soak/memory";
import { createPeople, signIn } from "./soak/people";
import { checkResponses, printTraffic } from "./soak/responses";
import { checkServerLog, confirmOneSignUp, keepServerLog, probeAt, sendSecrets } from "./soak/server-log";
import { checkStoredWrites } from "./soak/stored-writes";
import { recordedTraffic } from "./soak/traffic";
import { workload } from "./soak/workload";
import { createVerdict } from "./verdict";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const USERS = Number(process.env.SOAK_USERS ?? 40);
const RESTART = process.env.SOAK_RESTART !== "0";
const PORT = Number(process.env.SOAK_PORT ?? 3500);
const PG_PORT = Number(process.env.SOAK_PG_PORT ?? 55490);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const LOG_FILE = path.resolve(process.env.SOAK_LOG ?? ".data/soak-server.log");
const APP_SECRET = "soak-secret-for-local-runs-only-0123456789";

const verdict = createVerdict();
process.on("SIGINT", () => process.exit(130));

verdict.log(`PostgreSQL on 127.0.0.1:${PG_PORT}`);
const postgres = startLocalPostgres(PG_PORT);
const resend = await startFakeResend();
process.on("exit", () => void resend.close());

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: postgres.url,
  RESEND_API_KEY: "re_soak",
  RESEND_BASE_URL: resend.url,
  NEXT_TELEMETRY_DISABLED: "1",
  SEED_DEMO_DATA: "true",
  PAYMENTS_TEST_MODE: "true",
  MAIL_DEV_OUTBOX: "true",
  APP_SECRET,
  // Every line the server can write, so that the log check sees the most.
  LOG_LEVEL: "debug",
  APP_URL: ORIGIN,
  NOMINATIM_URL: "http://127.0.0.1:9",
  TRUSTED_PROXY_HOPS: "1",
};
delete env.PAYPAL_CLIENT_ID;
runOrThrow(...tsxCommand("scripts/db/prepare.ts", ["--seed"]), env);
runOrThrow(...tsxCommand("scripts/bench/generate-services.ts", ["5000"]), env);
buildApp(env, process.env.SOAK_SKIP_BUILD === "1");

const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
db.on("error", () => undefined);
const newPeople = await createPeople(db, USERS);
const targets = (
  await db.query<{ id: string }>(`SELECT s.id FROM services s WHERE ${publishedSql("s")} ORDER BY random() LIMIT 300`)
).rows.map((row) => row.id);

await assertPortFree(ORIGIN, "set SOAK_PORT");
verdict.log(`next start on ${ORIGIN}`);
const server = startApp({ port: PORT, env, stderr: "pipe", stdout: "pipe" });
mkdirSync(path.dirname(LOG_FILE), { recursive: true });
const serverLog = keepServerLog(LOG_FILE, [server.child.stdout, server.child.stderr]);
await waitForHealth(ORIGIN, { detail: server.log });

const traffic = recordedTraffic(ORIGIN);
verdict.log(`${newPeople.length} people sign in`);
const people = await signIn(newPeople, traffic.request);
const stamp = Date.now();
const probe = probeAt(ORIGIN);
const probeCookies = await sendSecrets(probe, people, stamp, verdict);
// Services whose owner can answer a request for a price (an unclaimed imported place has none).
const askable = (
  await db.query<{ id: string }>(
    `SELECT s.id FROM services s WHERE ${publishedSql("s")} AND s."ownerId" IS NOT NULL ORDER BY random() LIMIT 100`,
  )
).rows.map((row) => row.id);
const { written, act } = workload(traffic.request, targets, askable);

const started = Date.now();
const deadline = started + SECONDS * 1000;
const memory = sampleMemory(server.pid);
const restart = RESTART ? restartHalfway(postgres, SECONDS, verdict.log) : null;
const mail = mailOutage(resend, SECONDS, verdict.log);
verdict.log(`${SECONDS} s of mixed reads and writes by ${people.length} people`);
let seed = 0;
await Promise.all(
  people.map(async (person) => {
    while (Date.now() < deadline) await act(person, seed++);
  }),
);
await restart?.done;
await mail;
const samples = memory.stop();

printTraffic(traffic.outcomes, started, SECONDS);
checkResponses(traffic.outcomes, restart?.outage ?? NO_OUTAGE, RESTART, verdict);
const ids = people.map((person) => person.id);
await checkStoredWrites(db, written, ids, targets, verdict);
await checkMailDelivery(db, written, resend, verdict);
const confirmed = await confirmOneSignUp(db, probe, stamp);
verdict.check(confirmed !== null, "a sign-up confirmed with its mailed token for the log check");
server.stop();
await once(server.child, "exit");
await serverLog.close();
await checkServerLog(
  db,
  LOG_FILE,
  { people, cookies: [...probeCookies, confirmed ?? ""], appSecret: APP_SECRET },
  verdict,
);
const { early, late, peak, grew } = memoryGrowth(samples, started, SECONDS);
console.log(
  `server memory (RSS, MiB): median ${early.toFixed(0)} in the second quarter, ${late.toFixed(0)} in the last; peak ${peak.toFixed(0)}`,
);
if (grew) verdict.fail(`memory grew from ${early.toFixed(0)} to ${late.toFixed(0)} MiB`);

await db.end();
if (verdict.failures.length) {
  console.error(`\n✖ soak failed: ${verdict.failures.length} problems (first: ${verdict.failures[0]})`);
  if (server.log()) console.error(`server stderr (last 3000 characters):\n${server.log().slice(-3000)}`);
  process.exit(1);
}
console.log("\n✔ soak passed");
process.exit(0);
