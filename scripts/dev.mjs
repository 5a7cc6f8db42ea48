// The server half of `npm run dev` (after scripts/db/prepare.ts --seed): `next dev`, and beside it
// the monobank stand-in (tests/helpers/fake-monobank-server.ts) when no MONO_TOKEN is configured,
// so that "card via monobank" can be tried end to end on a laptop: its test-card page, its signed
// webhooks back to the app, its status reads. A MONO_TOKEN in the environment or a .env file (read
// the way Next reads them, @next/env in development mode) wins: then nothing is started, and
// MONO_STAND_IN=off leaves the stand-in out too. Likewise the Telegram Bot API stand-in
// (tests/helpers/fake-telegram-server.ts) without a TELEGRAM_BOT_TOKEN: its page shows what the bot
// sent and writes to the bot as a Telegram user; TELEGRAM_STAND_IN=off leaves it out. Signals go
// to next dev; when it ends, the stand-ins are stopped and this script exits with next dev's code.
import "./node-guard.mjs";

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";
import { pathToFileURL } from "node:url";
import nextEnv from "@next/env";

import { vapidPlan } from "./vapid-test-keys.mjs";

/** MONO_TEST_TOKEN of tests/helpers/fake-monobank.ts, which plain JavaScript cannot import. */
export const STAND_IN_TOKEN = "test-mono-token";
const STAND_IN_SERVER = "tests/helpers/fake-monobank-server.ts";
/** The fixed bot of tests/helpers/fake-telegram.ts (TELEGRAM_TEST_TOKEN, _USERNAME, _SECRET). */
export const TELEGRAM_STAND_IN = {
  token: "123456:stand-in-token-for-local-tests",
  username: "maister_stand_in_bot",
  secret: "stand-in-webhook-secret",
};
const TELEGRAM_STAND_IN_SERVER = "tests/helpers/fake-telegram-server.ts";
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * The environment as next dev will see it: the shell's variables over those of the .env files.
 * process.env is left as it was: next dev reads the files itself (and again when one changes),
 * and a value handed down from here would hide the file's from it.
 */
export function configuredEnv(dir) {
  const shell = { ...process.env };
  const { combinedEnv } = nextEnv.loadEnvConfig(dir, true, { info() {}, error: console.error }, true);
  const configured = { ...combinedEnv };
  for (const name of Object.keys(process.env)) if (!(name in shell)) delete process.env[name];
  Object.assign(process.env, shell);
  return configured;
}

/** The port next dev listens on: its -p / --port argument, else PORT, else 3000 (next dev's rules). */
export function devPort(env, args) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "-p" || arg === "--port") return Number(args[i + 1]);
    if (arg.startsWith("--port=")) return Number(arg.slice("--port=".length));
  }
  return Number(env.PORT?.trim() || 3000);
}

/**
 * What this script adds to next dev's environment. Unless APP_URL is configured, it names the
 * port next dev listens on (links in mails, and where payment pages send the browser and their
 * webhooks back). Without a MONO_TOKEN (and MONO_STAND_IN not "off"), the stand-in listens at the
 * port + 98 (as in the end-to-end server) and the app is pointed at it. Without a
 * TELEGRAM_BOT_TOKEN (and TELEGRAM_STAND_IN not "off"), the Telegram stand-in listens at the port
 * + 96, with the stand-in's bot, and posts its updates to the app's webhook with its secret.
 */
export function devPlan(configured, args) {
  const port = devPort(configured, args);
  let env = {};
  if (!configured.APP_URL?.trim() && port !== 3000) env.APP_URL = `http://localhost:${port}`;
  const off = (name) => configured[name]?.trim().toLowerCase() === "off";
  let standIn = null;
  if (!configured.MONO_TOKEN?.trim() && !off("MONO_STAND_IN")) {
    standIn = { port: port + 98, url: `http://127.0.0.1:${port + 98}` };
    env = { ...env, MONO_TOKEN: STAND_IN_TOKEN, MONO_API_BASE: standIn.url };
  }
  let telegram = null;
  if (!configured.TELEGRAM_BOT_TOKEN?.trim() && !off("TELEGRAM_STAND_IN")) {
    const app = (configured.APP_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, "");
    telegram = {
      port: port + 96,
      url: `http://127.0.0.1:${port + 96}`,
      webhook: `${app}/api/etc/telegram/webhook`,
    };
    env = {
      ...env,
      TELEGRAM_BOT_TOKEN: TELEGRAM_STAND_IN.token,
      TELEGRAM_BOT_USERNAME: TELEGRAM_STAND_IN.username,
      TELEGRAM_WEBHOOK_SECRET: TELEGRAM_STAND_IN.secret,
      TELEGRAM_API_BASE: telegram.url,
    };
  }
  return { env, standIn, telegram };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a monobank stand-in answers at `url` (ours, or one another checkout already runs there). */
async function standInAnswers(url) {
  try {
    const response = await fetch(`${url}/api/merchant/pubkey`, {
      headers: { "x-token": STAND_IN_TOKEN },
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Whether a Telegram stand-in answers at `url`. */
async function telegramStandInAnswers(url) {
  try {
    const response = await fetch(`${url}/bot${TELEGRAM_STAND_IN.token}/getMe`, {
      method: "POST",
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));

async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const killed = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited(child);
  clearTimeout(killed);
}

async function main() {
  const args = process.argv.slice(2);
  const configured = configuredEnv(process.cwd());
  const plan = devPlan(configured, args);
  // Push works on a laptop without configuration: the fixed test keys, unless keys are configured.
  const env = { ...process.env, ...plan.env, ...vapidPlan(configured) };
  let standIn = null;
  let telegram = null;
  let next = null;
  let stopping = false;

  const quit = (signal) => {
    stopping = true;
    if (next) next.kill(signal);
    else void Promise.all([stop(standIn), stop(telegram)]).then(() => process.exit(128 + os.constants.signals[signal]));
  };
  for (const signal of SIGNALS) process.on(signal, () => quit(signal));
  // npm runs this behind `sh -c "… && scripts/node scripts/dev.mjs"`, and a SIGTERM to npm ends that shell
  // without passing it on: this process is then adopted by another, and stops as if told to.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent && !stopping) quit("SIGTERM");
  }, 1000).unref();

  if (plan.standIn) {
    standIn = spawn(process.execPath, ["--import", "tsx", STAND_IN_SERVER, String(plan.standIn.port)], {
      stdio: "inherit",
      env: process.env,
    });
    let up = false;
    for (let waited = 0; waited < 20_000 && !stopping; waited += 250) {
      if ((up = await standInAnswers(plan.standIn.url)) || standIn.exitCode !== null) break;
      await sleep(250);
    }
    if (stopping) return;
    if (!up) {
      console.warn(`The monobank stand-in did not start at ${plan.standIn.url}: card payments are not offered.`);
      delete env.MONO_TOKEN;
      delete env.MONO_API_BASE;
      await stop(standIn);
      standIn = null;
    } else {
      console.log(`Card payments via monobank go to the stand-in at ${plan.standIn.url} (MONO_STAND_IN=off: none).`);
      // Its port taken by the stand-in of another checkout, ours ends at once and that one serves.
      standIn.once("exit", async (code, signal) => {
        if (!stopping && !(await standInAnswers(plan.standIn.url)))
          console.warn(`The monobank stand-in stopped (${signal ?? code}): card payments will fail.`);
      });
    }
  }

  if (plan.telegram) {
    const { port, url, webhook } = plan.telegram;
    telegram = spawn(
      process.execPath,
      ["--import", "tsx", TELEGRAM_STAND_IN_SERVER, String(port), webhook, TELEGRAM_STAND_IN.secret],
      { stdio: "inherit", env: process.env },
    );
    let up = false;
    for (let waited = 0; waited < 20_000 && !stopping; waited += 250) {
      if ((up = await telegramStandInAnswers(url)) || telegram.exitCode !== null) break;
      await sleep(250);
    }
    if (stopping) return;
    if (!up) {
      console.warn(`The Telegram stand-in did not start at ${url}: Telegram is not offered.`);
      for (const name of [
        "TELEGRAM_BOT_TOKEN",
        "TELEGRAM_BOT_USERNAME",
        "TELEGRAM_WEBHOOK_SECRET",
        "TELEGRAM_API_BASE",
      ])
        delete env[name];
      await stop(telegram);
      telegram = null;
    } else {
      console.log(
        `Telegram goes to the stand-in: what the bot sent, and writing to it, at ${url}/ (TELEGRAM_STAND_IN=off: none).`,
      );
    }
  }

  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  next = spawn(process.execPath, [nextBin, "dev", ...args], { stdio: "inherit", env });
  next.once("exit", async (code, signal) => {
    stopping = true;
    await Promise.all([stop(standIn), stop(telegram)]);
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
