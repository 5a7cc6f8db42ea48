// npm run test:telemetry: traces, metrics and error reports of the production build, end to end. A
// local OTLP/HTTP receiver and a local error ingest (Sentry's envelope endpoint, as GlitchTip
// serves it) stand in for a collector and for Sentry; the server runs with
// OTEL_EXPORTER_OTLP_ENDPOINT and SENTRY_DSN pointing at them, on a PostgreSQL server of the run's
// own. Checks: a page's trace holds database spans whose parent chain reaches the request's server
// span; an API request's too; a job run has a span; the metrics arrive (request duration, job
// runs, cache lookups, outbox depth); a request that fails with a 500 (the sessions table renamed
// away under a sign-in, as a half-applied migration would) is reported with its request id and no
// cookie, e-mail address or password, and the log has a line with the same id; an error thrown in
// a browser (Chromium) reaches the ingest too. Loopback only.
//   TELEMETRY_SKIP_BUILD=1 reuses the last `npm run build`  TELEMETRY_PORT (3760)  PG_BIN
import "../../scripts/node-guard.mjs";

import { createServer, type IncomingMessage, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { chromium } from "playwright-core";

import { assertPortFree, buildApp, runOrThrow, startApp, waitForHealth } from "../../scripts/app-server.mjs";
import { findChromium } from "../../scripts/browser-path.mjs";
import { tsxCommand } from "../../scripts/node-commands.mjs";
import { startLocalPostgres } from "./local-postgres";
import { sessionCookieIn } from "./session-cookie";
import { createPeople, PASSWORD } from "./soak/people";
import { createVerdict } from "./verdict";

const PORT = Number(process.env.TELEMETRY_PORT ?? 3760);
const OTLP_PORT = PORT + 1;
const INGEST_PORT = PORT + 2;
const PG_PORT = PORT + 11;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DSN = `http://telemetrykey@127.0.0.1:${INGEST_PORT}/1`;

const verdict = createVerdict();
process.on("SIGINT", () => process.exit(130));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the stand-ins ------------------------------------------------------------------------------

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
};
type OtlpMetric = { name: string; sum?: unknown; gauge?: unknown; histogram?: unknown };

const spans: OtlpSpan[] = [];
const metricNames = new Map<string, OtlpMetric>();
type Envelope = { headers: Record<string, unknown>; items: { type: string; payload: Record<string, unknown> }[] };
const envelopes: { raw: string; envelope: Envelope }[] = [];

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return request.headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : bytes;
}

function listen(port: number, handle: (request: IncomingMessage, bytes: Buffer) => void): Promise<Server> {
  const server = createServer((request, response) => {
    // The browser's SDK posts across origins: a simple request, which only needs this to read the answer.
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (request.method !== "POST") return void response.writeHead(204).end();
    body(request).then(
      (bytes) => {
        try {
          handle(request, bytes);
          response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
        } catch (error) {
          verdict.fail(`${request.url} sent something unreadable`, String(error));
          response.writeHead(400).end();
        }
      },
      () => response.writeHead(400).end(),
    );
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** OTLP/HTTP with JSON bodies, as @opentelemetry/exporter-*-otlp-http send them. */
const otlp = await listen(OTLP_PORT, (request, bytes) => {
  const data = JSON.parse(bytes.toString("utf8")) as Record<string, { [scope: string]: unknown }[]>;
  if (request.url === "/v1/traces") {
    for (const resource of (data.resourceSpans ?? []) as { scopeSpans: { spans: OtlpSpan[] }[] }[])
      for (const scope of resource.scopeSpans) spans.push(...scope.spans);
  } else if (request.url === "/v1/metrics") {
    for (const resource of (data.resourceMetrics ?? []) as { scopeMetrics: { metrics: OtlpMetric[] }[] }[])
      for (const scope of resource.scopeMetrics)
        for (const metric of scope.metrics) metricNames.set(metric.name, metric);
  } else throw new Error(`unexpected path ${request.url}`);
});

/** Sentry's envelope endpoint (/api/<project>/envelope/): a header line, then item header and payload lines. */
const ingest = await listen(INGEST_PORT, (request, bytes) => {
  if (!/^\/api\/1\/envelope\/?(\?|$)/.test(request.url ?? "")) throw new Error(`unexpected path ${request.url}`);
  const raw = bytes.toString("utf8");
  const [head = "{}", ...rest] = raw.split("\n").filter((line) => line.trim() !== "");
  const items: Envelope["items"] = [];
  for (let at = 0; at + 1 < rest.length; at += 2) {
    const header = JSON.parse(rest[at]!) as { type: string };
    items.push({ type: header.type, payload: JSON.parse(rest[at + 1]!) as Record<string, unknown> });
  }
  envelopes.push({ raw, envelope: { headers: JSON.parse(head) as Record<string, unknown>, items } });
});
process.on("exit", () => {
  otlp.close();
  ingest.close();
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.doubleValue ?? value?.boolValue;
};

async function waitFor<T>(what: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = what();
    if (found !== undefined || Date.now() > until) return found;
    await sleep(250);
  }
}

/** The span's ancestors, nearest first, as far as the received spans go. */
function ancestors(span: OtlpSpan): OtlpSpan[] {
  const byId = new Map(spans.filter((other) => other.traceId === span.traceId).map((other) => [other.spanId, other]));
  const chain: OtlpSpan[] = [];
  for (let parent = byId.get(span.parentSpanId ?? ""); parent; parent = byId.get(parent.parentSpanId ?? ""))
    chain.push(parent);
  return chain;
}

const SERVER = 2;
const isDatabaseSpan = (span: OtlpSpan) => span.name === "prisma:client:db_query";

/**
 * A database span of the request the server span `matches`, made while the page or handler ran
 * (not in the proxy, whose version check reads the database too), with its parent chain.
 */
function databaseSpanUnder(matches: (server: OtlpSpan) => boolean) {
  for (const span of spans.filter(isDatabaseSpan)) {
    const chain = ancestors(span);
    if (chain.some((ancestor) => ancestor.name.startsWith("middleware"))) continue;
    const server = chain.find((ancestor) => ancestor.kind === SERVER && matches(ancestor));
    if (server) return { span, chain, server };
  }
  return undefined;
}

/** The span and its ancestors up to the root: id ← parent id, name. */
function printChain({ span, chain }: { span: OtlpSpan; chain: OtlpSpan[] }) {
  console.log(`  trace ${span.traceId}, from the statement up to the request (span id ← parent id  name):`);
  for (const link of [span, ...chain])
    console.log(`    ${link.spanId} ← ${link.parentSpanId || "(root)    "}  ${link.name}`);
  const server = chain.at(-1)!;
  console.log(
    `    the request span's attributes: ${JSON.stringify(Object.fromEntries((server.attributes ?? []).map((entry) => [entry.key, attribute(server, entry.key)])))}`,
  );
}

// ---- the server ---------------------------------------------------------------------------------

verdict.log(`PostgreSQL on 127.0.0.1:${PG_PORT}`);
const postgres = startLocalPostgres(PG_PORT);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: postgres.url,
  NEXT_TELEMETRY_DISABLED: "1",
  SEED_DEMO_DATA: "true",
  APP_SECRET: "telemetry-secret-for-local-runs-only-0123456789",
  APP_URL: ORIGIN,
  NOMINATIM_URL: "http://127.0.0.1:9",
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${OTLP_PORT}`,
  OTEL_SERVICE_NAME: "maister-telemetry-test",
  OTEL_METRIC_EXPORT_INTERVAL: "1000",
  // Read by the span processor itself: spans leave within a fifth of a second.
  OTEL_BSP_SCHEDULE_DELAY: "200",
  SENTRY_DSN: DSN,
  SENTRY_ENVIRONMENT: "telemetry-test",
  LOG_LEVEL: "info",
};
runOrThrow(...tsxCommand("scripts/db/prepare.ts", ["--seed"]), env);
buildApp(env, process.env.TELEMETRY_SKIP_BUILD === "1");
const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
db.on("error", () => undefined);
const [person] = await createPeople(db, 1);

await assertPortFree(ORIGIN, "set TELEMETRY_PORT");
verdict.log(`the standalone server on ${ORIGIN}, OTLP to :${OTLP_PORT}, errors to :${INGEST_PORT}`);
const server = startApp({ port: PORT, env, stderr: "pipe", stdout: "pipe" });
let output = "";
server.child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
await waitForHealth(ORIGIN, { detail: () => server.log() + output.slice(-2000) });

// ---- traces -------------------------------------------------------------------------------------

const page = await fetch(`${ORIGIN}/services`, { headers: { accept: "text/html" } });
verdict.check(page.status === 200, "GET /services answers 200", String(page.status));
const api = await fetch(`${ORIGIN}/api/items?limit=5`);
await api.arrayBuffer();
verdict.check(api.status === 200, "GET /api/items answers 200", String(api.status));

const pageTrace = await waitFor(
  () => databaseSpanUnder((server) => String(attribute(server, "http.target") ?? server.name).includes("/services")),
  15_000,
);
if (pageTrace) {
  verdict.pass(
    `the page's trace holds a database span under its request span "${pageTrace.server.name}" (${pageTrace.chain.length} levels up)`,
  );
  printChain(pageTrace);
} else {
  verdict.fail("no database span whose parent chain reaches the page's request span", `${spans.length} spans received`);
  for (const name of new Set(spans.map((span) => span.name))) console.log(`    ${name}`);
}
const apiTrace = await waitFor(
  () => databaseSpanUnder((server) => String(attribute(server, "http.target") ?? server.name).includes("/api/items")),
  10_000,
);
verdict.check(apiTrace !== undefined, "the API request's trace holds a database span under its request span");
if (apiTrace) printChain(apiTrace);

const jobSpan = await waitFor(() => spans.find((span) => span.name.startsWith("job ")), 30_000);
verdict.check(jobSpan !== undefined, `a job run has a span${jobSpan ? ` ("${jobSpan.name}")` : ""}`);
if (jobSpan) {
  const under = spans.filter((span) => span.traceId === jobSpan.traceId && isDatabaseSpan(span));
  verdict.check(under.length > 0, "the job's database statements are in its trace");
}
const outgoing = spans.find((span) => span.kind === 3 && attribute(span, "url.full") !== undefined);
verdict.check(
  outgoing === undefined || !String(attribute(outgoing, "url.full")).includes("?"),
  "outgoing calls' spans keep no query string",
);

// ---- metrics ------------------------------------------------------------------------------------

// A second look at the list is answered from the read cache.
await (await fetch(`${ORIGIN}/api/items?limit=5`)).arrayBuffer();
const wanted = ["http.server.request.duration", "job.runs", "cache.lookups", "mail.outbox.depth"];
await waitFor(() => (wanted.every((name) => metricNames.has(name)) ? true : undefined), 30_000);
for (const name of wanted) verdict.check(metricNames.has(name), `the metric ${name} arrives`);
const durations = JSON.stringify(metricNames.get("http.server.request.duration") ?? {});
verdict.check(
  durations.includes('"/[locale]/services"') && durations.includes('"/api/items"'),
  "request durations carry their route (/[locale]/services, /api/items)",
);
const lookups = JSON.stringify(metricNames.get("cache.lookups") ?? {});
verdict.check(lookups.includes('"hit"') && lookups.includes('"miss"'), "cache lookups are counted as hits and misses");

// ---- a server error -----------------------------------------------------------------------------

const signedIn = await fetch(`${ORIGIN}/api/users/login`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: ORIGIN },
  body: JSON.stringify({ email: person!.email, password: PASSWORD }),
});
const cookie = sessionCookieIn(signedIn.headers.getSetCookie());
verdict.check(cookie !== null, "a person signs in", String(signedIn.status));
// As a migration applied halfway would: the sessions table is gone, a new sign-in cannot be kept.
await db.query("ALTER TABLE sessions RENAME TO sessions_away");
let failed: Response;
try {
  failed = await fetch(`${ORIGIN}/api/users/login?next=/profile&token=query-secret`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, cookie: cookie ?? "", authorization: "Bearer x" },
    body: JSON.stringify({ email: person!.email, password: PASSWORD }),
  });
} finally {
  await db.query("ALTER TABLE sessions_away RENAME TO sessions");
}
const requestId = failed.headers.get("x-request-id");
verdict.check(failed.status === 500, "a sign-in without its sessions table answers 500", String(failed.status));
const serverEvent = await waitFor(
  () =>
    envelopes.find(({ envelope }) =>
      envelope.items.some((item) => item.type === "event" && JSON.stringify(item.payload).includes(requestId ?? "-")),
    ),
  10_000,
);
if (!serverEvent) verdict.fail("the 500 reaches the error ingest with its request id", `${envelopes.length} envelopes`);
else {
  const event = serverEvent.envelope.items.find((item) => item.type === "event")!.payload;
  verdict.check(
    (event.tags as Record<string, string> | undefined)?.request_id === requestId,
    `the 500 reaches the error ingest tagged request_id ${requestId}`,
  );
  const leaks = [
    ["the session cookie", cookie?.split("=")[1] ?? "-"],
    ["the e-mail address", person!.email],
    ["the password", PASSWORD],
    ["the query string", "query-secret"],
    ["the authorization header", "Bearer x"],
  ].filter(([, secret]) => serverEvent.raw.includes(secret!));
  verdict.check(
    leaks.length === 0,
    "the report holds no cookie, e-mail address, password, query string or authorization",
    leaks.map(([what]) => what).join(", "),
  );
  const [first] = (event.exception as { values?: { type?: string; value?: string }[] } | undefined)?.values ?? [];
  const shown = { type: first?.type, value: first?.value, request: event.request, tags: event.tags, user: event.user };
  console.log(
    `  the report (scrubbed; its stack left out here): ${JSON.stringify({ ...shown, environment: event.environment })}`,
  );
}
await sleep(300);
// Errors go to standard error, the rest to standard output.
const logLine = `${output}\n${server.log()}`
  .split("\n")
  .filter((line) => line.startsWith("{"))
  .map((line) => JSON.parse(line) as Record<string, unknown>)
  .find((line) => line.requestId === requestId && line.level === "error");
verdict.check(logLine !== undefined, `the log has an error line with request id ${requestId}`);
if (logLine) console.log(`  the log line: ${JSON.stringify(logLine).slice(0, 600)}`);
// The same request's trace: found by the request id on its span, named by the log line's traceId.
const failedTrace = await waitFor(() => {
  for (const span of spans.filter(isDatabaseSpan)) {
    const chain = ancestors(span);
    // The id is on the span that was active where the request's context opened (the handler's).
    if (chain.some((ancestor) => attribute(ancestor, "maister.request_id") === requestId)) return { span, chain };
  }
  return undefined;
}, 10_000);
verdict.check(
  failedTrace !== undefined,
  `the failing request's trace is found by its request id and holds its database span`,
  `${spans.filter((span) => attribute(span, "maister.request_id") === requestId).length} spans carry the id`,
);
if (failedTrace) {
  printChain(failedTrace);
  verdict.check(
    logLine?.traceId === failedTrace.span.traceId,
    "the log line names that trace",
    `log ${String(logLine?.traceId)}, trace ${failedTrace.span.traceId}`,
  );
}

// ---- a browser error ----------------------------------------------------------------------------

const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const refused: string[] = [];
  tab.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await tab.goto(`${ORIGIN}/services`, { waitUntil: "networkidle" });
  // The SDK is a chunk of its own, loaded once the page names a DSN.
  await tab.waitForFunction(() => "__SENTRY__" in window, undefined, { timeout: 15_000 });
  await tab.evaluate(() => {
    setTimeout(() => {
      throw new Error("telemetry check: thrown in the browser");
    });
  });
  const browserEvent = await waitFor(
    () => envelopes.find(({ raw }) => raw.includes("telemetry check: thrown in the browser")),
    10_000,
  );
  verdict.check(browserEvent !== undefined, "an error thrown in the browser reaches the error ingest");
  verdict.check(refused.length === 0, "the page policy lets the reports go", refused.join("; "));
} finally {
  await browser.close();
}

await db.end();
server.stop();
postgres.stop();
if (verdict.failures.length) {
  console.error(`\n✖ telemetry failed: ${verdict.failures.length} problems (first: ${verdict.failures[0]})`);
  if (server.log()) console.error(`server stderr (last 3000 characters):\n${server.log().slice(-3000)}`);
  process.exit(1);
}
console.log("\n✔ telemetry passed");
process.exit(0);
