import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { MONO_TEST_TOKEN } from "@/tests/helpers/fake-monobank";

import { configuredEnv, devPlan, devPort, STAND_IN_TOKEN } from "./dev.mjs";

describe("npm run dev and the monobank stand-in", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("starts the stand-in without a MONO_TOKEN, at next dev's port + 98, and points the app at it", () => {
    expect(STAND_IN_TOKEN).toBe(MONO_TEST_TOKEN);
    expect(devPlan({}, [])).toEqual({
      env: { MONO_TOKEN: STAND_IN_TOKEN, MONO_API_BASE: "http://127.0.0.1:3098" },
      standIn: { port: 3098, url: "http://127.0.0.1:3098" },
    });
    expect(devPlan({ PORT: "3555", MONO_TOKEN: " " }, []).env).toEqual({
      APP_URL: "http://localhost:3555",
      MONO_TOKEN: STAND_IN_TOKEN,
      MONO_API_BASE: "http://127.0.0.1:3653",
    });
  });

  it("leaves it out for a real token or MONO_STAND_IN=off, and keeps a configured APP_URL", () => {
    expect(devPlan({ MONO_TOKEN: "live-token" }, [])).toEqual({ env: {}, standIn: null });
    expect(devPlan({ MONO_STAND_IN: "off", PORT: "4000" }, [])).toEqual({
      env: { APP_URL: "http://localhost:4000" },
      standIn: null,
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
});
