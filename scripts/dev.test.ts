import { createECDH } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { parseEnv } from "@/lib/env";
import { MONO_TEST_TOKEN } from "@/tests/helpers/fake-monobank";
import { TELEGRAM_TEST_SECRET, TELEGRAM_TEST_TOKEN, TELEGRAM_TEST_USERNAME } from "@/tests/helpers/fake-telegram";

import { configuredEnv, devPlan, devPort, STAND_IN_TOKEN, TELEGRAM_STAND_IN } from "./dev.mjs";
import { TEST_VAPID_KEYS, vapidPlan } from "./vapid-test-keys.mjs";

/** A configuration with a real bot: the monobank tests below leave the Telegram stand-in out. */
const BOT = { TELEGRAM_BOT_TOKEN: "123:real" };

describe("npm run dev and the monobank stand-in", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("starts the stand-in without a MONO_TOKEN, at next dev's port + 98, and points the app at it", () => {
    expect(STAND_IN_TOKEN).toBe(MONO_TEST_TOKEN);
    expect(devPlan({ ...BOT }, [])).toEqual({
      env: { MONO_TOKEN: STAND_IN_TOKEN, MONO_API_BASE: "http://127.0.0.1:3098" },
      standIn: { port: 3098, url: "http://127.0.0.1:3098" },
      telegram: null,
    });
    expect(devPlan({ ...BOT, PORT: "3555", MONO_TOKEN: " " }, []).env).toEqual({
      APP_URL: "http://localhost:3555",
      MONO_TOKEN: STAND_IN_TOKEN,
      MONO_API_BASE: "http://127.0.0.1:3653",
    });
  });

  it("leaves it out for a real token or MONO_STAND_IN=off, and keeps a configured APP_URL", () => {
    expect(devPlan({ ...BOT, MONO_TOKEN: "live-token" }, [])).toEqual({ env: {}, standIn: null, telegram: null });
    expect(devPlan({ ...BOT, MONO_STAND_IN: "off", PORT: "4000" }, [])).toEqual({
      env: { APP_URL: "http://localhost:4000" },
      standIn: null,
      telegram: null,
    });
    expect(devPlan({ APP_URL: "https://dev.example", PORT: "4000" }, []).env.APP_URL).toBeUndefined();
  });

  it("takes the port from next dev's arguments first", () => {
    expect(devPort({ PORT: "4000" }, ["-p", "4100"])).toBe(4100);
    expect(devPort({ PORT: "4000" }, ["--port", "4200"])).toBe(4200);
    expect(devPort({}, ["--turbo", "--port=4300"])).toBe(4300);
    expect(devPort({ PORT: "4000" }, [])).toBe(4000);
  });

  it("reads a token from the .env files and leaves process.env as it was", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "maister-dev-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, ".env"), "MONO_TOKEN=from-the-file\nMAISTER_DEV_PROBE=1\n");
    const before = { ...process.env };
    const configured = configuredEnv(dir);
    expect(configured.MONO_TOKEN).toBe("from-the-file");
    expect(devPlan(configured, []).standIn).toBeNull();
    expect(process.env).toEqual(before);
  });

  it("starts the Telegram stand-in without a bot token, at the port + 96, posting to the app's webhook", () => {
    expect(TELEGRAM_STAND_IN).toEqual({
      token: TELEGRAM_TEST_TOKEN,
      username: TELEGRAM_TEST_USERNAME,
      secret: TELEGRAM_TEST_SECRET,
    });
    const plan = devPlan({ MONO_TOKEN: "live-token" }, []);
    expect(plan).toEqual({
      env: {
        TELEGRAM_BOT_TOKEN: TELEGRAM_TEST_TOKEN,
        TELEGRAM_BOT_USERNAME: TELEGRAM_TEST_USERNAME,
        TELEGRAM_WEBHOOK_SECRET: TELEGRAM_TEST_SECRET,
        TELEGRAM_API_BASE: "http://127.0.0.1:3096",
      },
      standIn: null,
      telegram: {
        port: 3096,
        url: "http://127.0.0.1:3096",
        webhook: "http://localhost:3000/api/etc/telegram/webhook",
      },
    });
    // Both stand-ins side by side, on ports of their own; the webhook follows APP_URL.
    const both = devPlan({ PORT: "4000", APP_URL: "https://dev.example/" }, []);
    expect(both.standIn?.port).toBe(4098);
    expect(both.telegram).toMatchObject({ port: 4096, webhook: "https://dev.example/api/etc/telegram/webhook" });
    expect(both.env.MONO_TOKEN).toBe(STAND_IN_TOKEN);
  });

  it("leaves the Telegram stand-in out for a real token or TELEGRAM_STAND_IN=off", () => {
    expect(devPlan({ ...BOT, MONO_TOKEN: "live" }, []).telegram).toBeNull();
    const off = devPlan({ TELEGRAM_STAND_IN: "OFF", MONO_TOKEN: "live" }, []);
    expect(off).toEqual({ env: {}, standIn: null, telegram: null });
  });
});

describe("npm run dev and the VAPID test keys", () => {
  it("gives push the fixed test keys when none are configured, and leaves configured keys alone", () => {
    expect(vapidPlan({})).toEqual(TEST_VAPID_KEYS);
    expect(vapidPlan({ VAPID_PUBLIC_KEY: " ", VAPID_PRIVATE_KEY: "" })).toEqual(TEST_VAPID_KEYS);
    expect(vapidPlan({ VAPID_PUBLIC_KEY: "B-own-key" })).toEqual({});
    expect(vapidPlan({ VAPID_PRIVATE_KEY: "own-private" })).toEqual({});
  });

  it("the test keys are a P-256 pair that signs what its public key verifies", () => {
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = TEST_VAPID_KEYS;
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(VAPID_PRIVATE_KEY, "base64url"));
    expect(ecdh.getPublicKey().toString("base64url")).toBe(VAPID_PUBLIC_KEY);
    expect(parseEnv({ NODE_ENV: "development", ...TEST_VAPID_KEYS }).values).toMatchObject(TEST_VAPID_KEYS);
  });
});
