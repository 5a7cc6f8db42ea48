// Starts the production build the e2e tests run against: a fresh embedded database by default,
// or the PostgreSQL in E2E_DATABASE_URL (CI gives it a throwaway database). A DATABASE_URL from
// the developer's shell is deliberately not used, so the tests never write into a real database.
import "./node-guard.mjs";

import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

import { buildApp, LISTEN_ON } from "./app-server.mjs";
import { tsxCommand } from "./node-commands.mjs";
import { TEST_VAPID_KEYS } from "./vapid-test-keys.mjs";

const port = process.env.E2E_PORT ?? "3100";
const paypalPort = String(Number(port) + 99);
const monoPort = String(Number(port) + 98);
const overpassPort = String(Number(port) + 97);
const telegramPort = String(Number(port) + 96);
/** The stand-in's bot (tests/helpers/fake-telegram.ts): its updates come back to the app's webhook. */
const telegramSecret = "stand-in-webhook-secret";
const pushPort = String(Number(port) + 95);
// Mail goes to the dev outbox, payments to a local fake of PayPal's REST API (the browser gets a
// stand-in SDK through request routing) and to the monobank stand-in (its test-card page is a
// real page the browser opens; its webhooks come back to APP_URL), Telegram to its Bot API
// stand-in (what the bot sent on its page; its updates to the app's webhook), and the geocoder is
// unreachable on purpose: no test needs the internet.
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  SEED_DEMO_DATA: "true",
  MAIL_DEV_OUTBOX: "true",
  DEV_JOB_TRIGGER: "true",
  PAYMENTS_TEST_MODE: "true",
  PAYPAL_CLIENT_ID: "test-client",
  PAYPAL_CLIENT_SECRET: "test-secret",
  PAYPAL_API_BASE: `http://127.0.0.1:${paypalPort}`,
  MONO_TOKEN: "test-mono-token",
  MONO_API_BASE: `http://127.0.0.1:${monoPort}`,
  TELEGRAM_BOT_TOKEN: "123456:stand-in-token-for-local-tests",
  TELEGRAM_BOT_USERNAME: "maister_stand_in_bot",
  TELEGRAM_WEBHOOK_SECRET: telegramSecret,
  TELEGRAM_API_BASE: `http://127.0.0.1:${telegramPort}`,
  NOMINATIM_URL: "http://127.0.0.1:9",
  // An Overpass stand-in that answers a sliver of the demo places: the admin's import is refused.
  OSM_OVERPASS_URL: `http://127.0.0.1:${overpassPort}/api/interpreter`,
  // Push is signed with the fixed test keys and goes to the push service stand-in at
  // http://127.0.0.1, which production refuses unless PUSH_TEST_ENDPOINTS is on.
  ...TEST_VAPID_KEYS,
  PUSH_TEST_ENDPOINTS: "true",
  APP_URL: `http://localhost:${port}`,
  APP_SECRET: process.env.APP_SECRET ?? "e2e-secret-for-local-tests-only-0123456789",
  // The tests stand where our proxy would: the X-Forwarded-For they send is the client address.
  TRUSTED_PROXY_HOPS: "1",
  // Node's HTTP server closes a kept-alive connection after 5 s idle (server.keepAliveTimeout,
  // which Next's standalone server keeps unless this is set), and Playwright's request context
  // sends on a pooled connection without retrying when the server closed it just then: a spec's
  // page.request call after a few seconds of browsing failed with ECONNRESET (Playwright 1.65,
  // Node 24). In front of the app, nginx closes first (deploy/nginx.conf's keepalive_timeout).
  KEEP_ALIVE_TIMEOUT: "120000",
};

delete env.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) {
  env.DATABASE_URL = process.env.E2E_DATABASE_URL;
} else {
  env.PGLITE_DATA_DIR = process.env.E2E_PGLITE_DIR ?? ".data/e2e-pglite";
  rmSync(env.PGLITE_DATA_DIR, { recursive: true, force: true });
}

buildApp(env, process.env.E2E_SKIP_BUILD === "1");
// scripts/test-e2e.mjs builds once this way for all its shards.
if (process.env.E2E_BUILD_ONLY === "1") process.exit(0);

// Not startApp(): Playwright stops this script by killing its process group, which must hold the
// servers too, and it shows their output. Each is one process on this Node (no npx or npm in
// between), so that the kills below reach it and it runs the same Node as the tests.
const paypal = spawn(...tsxCommand("tests/helpers/fake-paypal-server.ts", [paypalPort]), { stdio: "inherit", env });
const mono = spawn(...tsxCommand("tests/helpers/fake-monobank-server.ts", [monoPort]), { stdio: "inherit", env });
const overpass = spawn(...tsxCommand("tests/helpers/fake-overpass-server.ts", [overpassPort]), {
  stdio: "inherit",
  env,
});
const telegram = spawn(
  ...tsxCommand("tests/helpers/fake-telegram-server.ts", [
    telegramPort,
    `http://localhost:${port}/api/etc/telegram/webhook`,
    telegramSecret,
  ]),
  { stdio: "inherit", env },
);
const push = spawn(...tsxCommand("tests/helpers/fake-push-server.ts", [pushPort]), { stdio: "inherit", env });
// `npm start`'s own script: the migrations, then the standalone server.
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  stdio: "inherit",
  env: { ...env, PORT: port, HOSTNAME: LISTEN_ON },
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    paypal.kill(signal);
    mono.kill(signal);
    overpass.kill(signal);
    telegram.kill(signal);
    push.kill(signal);
    server.kill(signal);
  });
}
server.on("exit", (code) => {
  paypal.kill("SIGTERM");
  mono.kill("SIGTERM");
  overpass.kill("SIGTERM");
  telegram.kill("SIGTERM");
  push.kill("SIGTERM");
  process.exit(code ?? 0);
});
