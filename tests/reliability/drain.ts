// npm run test:drain: what one production server does between SIGTERM and its exit, measured from
// outside, against the standalone build on a PostgreSQL server of the run's own. Two runs:
// 1. Requests: SIGTERM while a slow client is still sending a request's body and another connection
//    is kept alive, idle. Checked: (a) the request is answered in full, and a request sent on its
//    kept-alive connection afterwards is still served (readiness 503 "draining"); (b) a new
//    connection is refused at once; (c) the idle keep-alive connection is closed at once.
// 2. A job: SIGTERM while a mail's job on the job queue (pg-boss) waits on the mail provider (a
//    local stand-in that answers RESEND_DELAY_MS late), with no connection open. Checked: (d) the run
//    finishes before the exit: the provider's answer is recorded (mail sent, its job completed, not
//    left active for another instance to wait out its expiry).
// Both: (e) the exit code is 143, and the time from SIGTERM to exit is printed and stays under
// SHUTDOWN_TIMEOUT_MS. docs/operations.md, "Health and shutdown", reads the numbers.
//   DRAIN_SKIP_BUILD=1 reuses the last build  DRAIN_PORT (3720)  DRAIN_PG_PORT (3721)
//   Run it under the heavy lock: flock /tmp/maister-heavy.lock npm run test:drain
import "../../scripts/node-guard.mjs";

import http from "node:http";
import net, { type AddressInfo } from "node:net";
import pg from "pg";
import { PgBoss } from "pg-boss";

import { assertPortFree, buildApp, runOrThrow, startApp, waitForHealth } from "../../scripts/app-server.mjs";
import { tsxCommand } from "../../scripts/node-commands.mjs";
import { startLocalPostgres } from "./local-postgres";
import { createVerdict } from "./verdict";

const PORT = Number(process.env.DRAIN_PORT ?? 3720);
const PG_PORT = Number(process.env.DRAIN_PG_PORT ?? 3721);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RESEND_DELAY_MS = 3000;
/** When the slow client sends the rest of its body, after the signal. */
const SLOW_BODY_AFTER_MS = 1500;
const SHUTDOWN_TIMEOUT_MS = 8000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const verdict = createVerdict();
process.on("SIGINT", () => process.exit(130));

// The mail provider: accepts every send, RESEND_DELAY_MS late, and says when one arrived and when it was answered.
const sends: { receivedAt: number; answeredAt: number | null; aborted: boolean }[] = [];
let sendArrived: () => void = () => undefined;
const firstSend = new Promise<void>((resolve) => (sendArrived = resolve));
const provider = http.createServer((request, response) => {
  request.resume();
  const send = { receivedAt: Date.now(), answeredAt: null as number | null, aborted: false };
  sends.push(send);
  sendArrived();
  response.on("close", () => (send.aborted = send.answeredAt === null));
  setTimeout(() => {
    if (response.destroyed) return;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ id: `drain-${sends.length}` }));
    send.answeredAt = Date.now();
  }, RESEND_DELAY_MS);
});
await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

verdict.log(`PostgreSQL on 127.0.0.1:${PG_PORT}`);
const postgres = startLocalPostgres(PG_PORT);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: postgres.url,
  RESEND_API_KEY: "re_drain",
  RESEND_BASE_URL: providerUrl,
  APP_SECRET: "drain-secret-for-local-runs-only-0123456789",
  APP_URL: ORIGIN,
  NEXT_TELEMETRY_DISABLED: "1",
  NOMINATIM_URL: "http://127.0.0.1:9",
  TRUSTED_PROXY_HOPS: "1",
  SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
};
delete env.PAYPAL_CLIENT_ID;
runOrThrow(...tsxCommand("scripts/db/prepare.ts"), env);
buildApp(env, process.env.DRAIN_SKIP_BUILD === "1");

const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
db.on("error", () => undefined);

/** A request on `agent`, its body sent as `chunks` (a function between them may wait); resolves with status and body. */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  chunks: string[] = [],
  between: () => Promise<unknown> = async () => undefined,
) {
  const body = chunks.join("");
  let socket: net.Socket | null = null;
  const done = new Promise<{
    status: number;
    body: string;
    socket: net.Socket;
    reused: boolean;
    connection: string | undefined;
  }>((resolve, reject) => {
    const request = http.request(
      `${ORIGIN}${path}`,
      {
        agent,
        method,
        headers: {
          origin: ORIGIN,
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            socket: socket!,
            reused: request.reusedSocket,
            connection: response.headers.connection,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("socket", (s) => (socket = s));
    request.on("error", reject);
    void (async () => {
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0) await between();
        request.write(chunk);
      }
      request.end();
    })();
  });
  return done;
}

/** Resolves when the connection is closed, with the time. */
const closedAt = (socket: net.Socket) =>
  new Promise<number>((resolve) =>
    socket.destroyed ? resolve(Date.now()) : socket.once("close", () => resolve(Date.now())),
  );

/** Starts the standalone server and waits until it is ready; `exited` resolves with its exit. */
async function startServer() {
  await assertPortFree(ORIGIN, "set DRAIN_PORT");
  const server = startApp({ port: PORT, env, stderr: "pipe" });
  lastLog = server.log;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    server.child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  await waitForHealth(ORIGIN, { detail: server.log });
  const ready = await fetch(`${ORIGIN}/api/readyz`);
  verdict.check(ready.status === 200, "readiness is 200 before the signal", `${ready.status}`);
  return { server, exited };
}

/** Waits for the exit (SIGKILL after the shutdown timeout and a margin); checks its code and prints the drain time. */
async function checkExit(
  { server, exited }: Awaited<ReturnType<typeof startServer>>,
  signalledAt: number,
  phase: string,
): Promise<number | null> {
  const exit = await Promise.race([exited, sleep(SHUTDOWN_TIMEOUT_MS + 5000).then(() => null)]);
  if (!exit) {
    verdict.fail(`${phase}: still running ${SHUTDOWN_TIMEOUT_MS + 5000} ms after SIGTERM`);
    server.stop("SIGKILL");
    return null;
  }
  const drainMs = exit.at - signalledAt;
  console.log(`${phase}: SIGTERM to exit ${drainMs} ms, exit code ${exit.code ?? exit.signal}`);
  verdict.check(exit.code === 143, `${phase}: the exit code is 143 (SIGTERM handled)`, `${exit.code ?? exit.signal}`);
  verdict.check(drainMs < SHUTDOWN_TIMEOUT_MS, `${phase}: the drain took ${drainMs} ms, under SHUTDOWN_TIMEOUT_MS`);
  return drainMs;
}

let lastLog: () => string = () => "";
const failed = (error: Error) => ({
  status: 0,
  body: error.message,
  socket: null,
  reused: false,
  connection: undefined,
});

// ---- Phase 1: connections. A slow request, an idle keep-alive connection, a new connection. ----
verdict.log(`requests: standalone server on ${ORIGIN}`);
{
  const started = await startServer();
  // (c) An idle keep-alive connection, as a balancer keeps to each instance.
  const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const idle = await send(idleAgent, "GET", "/api/livez");
  const idleClosed = closedAt(idle.socket);
  // (a) A slow client: its request's headers and part of its body are in when the signal comes.
  const slowAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ email: "nobody@drain.test", password: "not-the-password-0123" });
  let signal: () => void = () => undefined;
  const signalled = new Promise<void>((resolve) => (signal = resolve));
  const slow = send(slowAgent, "POST", "/api/users/login", [body.slice(0, 10), body.slice(10)], async () => {
    await signalled;
    await sleep(SLOW_BODY_AFTER_MS);
  });
  await sleep(300);

  verdict.log("SIGTERM with a request half received and an idle keep-alive connection");
  const signalledAt = Date.now();
  process.kill(started.server.pid!, "SIGTERM");
  signal();

  // (b) A new connection a moment after the signal.
  await sleep(200);
  const probe = await new Promise<string>((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  verdict.check(probe === "ECONNREFUSED", "(b) a new connection 200 ms after SIGTERM is refused", probe);

  const idleAfter = await Promise.race([idleClosed, sleep(3000).then(() => null)]);
  verdict.check(
    idleAfter !== null && idleAfter - signalledAt < 1000,
    `(c) the idle keep-alive connection is closed ${idleAfter === null ? "(not within 3 s)" : `${idleAfter - signalledAt} ms after SIGTERM`}`,
  );

  const slowAnswer = await slow.catch(failed);
  verdict.check(
    slowAnswer.status > 0 && slowAnswer.status < 500,
    `(a) the request in flight is answered in full (${slowAnswer.status}, ${Date.now() - signalledAt} ms after SIGTERM)`,
    slowAnswer.body.slice(0, 200),
  );
  // Its connection stays open: what a balancer sends on it during the drain is still served.
  const onKept = await send(slowAgent, "GET", "/api/readyz").catch(failed);
  verdict.check(
    onKept.status === 503 && onKept.reused && JSON.parse(onKept.body).checks?.shutdown === "draining",
    `(a) a request on that kept-alive connection ${Date.now() - signalledAt} ms after SIGTERM is served: readiness 503 draining`,
    `${onKept.status} ${onKept.body.slice(0, 200)}`,
  );
  verdict.check(
    onKept.connection === "close",
    "(a) and answered with Connection: close, so that a balancer stops sending on it",
    `${onKept.connection}`,
  );
  const keptClosed = onKept.socket ? await closedAt(onKept.socket) : Date.now();
  console.log(`the server closed that connection ${keptClosed - signalledAt} ms after SIGTERM`);
  await checkExit(started, signalledAt, "(e) requests");
}

// ---- Phase 2: a job run in flight, nothing else. ----
verdict.log(`job: standalone server on ${ORIGIN}, waiting for its mail worker to call the provider`);
{
  const started = await startServer();
  // One mail with its job, as a feature writes it inside its transaction (the server made the queue at its start).
  const mail = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox (id, "to", subject, html, text, kind) VALUES (gen_random_uuid(), 'drain@test.local', 'Drain', '<p>Drain</p>', 'Drain', 'drain') RETURNING id`,
  );
  const mailId = mail.rows[0]!.id;
  const sender = new PgBoss({ connectionString: postgres.url, migrate: false, schedule: false, supervise: false });
  sender.on("error", () => undefined);
  await sender.start();
  await sender.send("mail", { id: mailId });
  await sender.stop({ graceful: false });
  await Promise.race([firstSend, sleep(25_000)]);
  const [first] = sends;
  if (!first) verdict.fail("(d) the mail worker never called the provider");
  verdict.log("SIGTERM with a mail send in flight, no connection open");
  const signalledAt = Date.now();
  process.kill(started.server.pid!, "SIGTERM");
  await checkExit(started, signalledAt, "(e) job");
  if (first) {
    console.log(
      `mail send: received ${signalledAt - first.receivedAt} ms before SIGTERM, ${first.answeredAt ? `answered ${first.answeredAt - signalledAt} ms after it` : "never answered"}${first.aborted ? ", its connection cut by the exit" : ""}`,
    );
    const [row] = (await db.query<{ status: string }>(`SELECT status FROM mail_outbox WHERE id = $1`, [mailId])).rows;
    const jobs = (
      await db.query<{ state: string }>(`SELECT state::text FROM pgboss.job WHERE name = 'mail' AND data->>'id' = $1`, [
        mailId,
      ])
    ).rows;
    verdict.check(
      !first.aborted && row?.status === "sent",
      "(d) the mail job's run in flight at SIGTERM finished before the exit: the mail is recorded as sent",
      `mail ${row?.status}, provider connection ${first.aborted ? "cut" : "answered"}`,
    );
    verdict.check(
      jobs.length === 1 && jobs[0]!.state === "completed",
      "(d) its job is completed (not left active for another instance to wait out its expiry)",
      jobs.map((job) => job.state).join(", ") || "no job",
    );
  }
}

await db.end();
provider.close();
postgres.stop();
if (verdict.failures.length) {
  console.error(`\n✖ drain failed: ${verdict.failures.length} problems (first: ${verdict.failures[0]})`);
  if (lastLog()) console.error(`server stderr (last 3000 characters):\n${lastLog().slice(-3000)}`);
  process.exit(1);
}
console.log("\n✔ drain passed");
process.exit(0);
