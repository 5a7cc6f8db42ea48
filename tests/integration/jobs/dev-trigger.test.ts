import { afterEach, describe, expect, it } from "vitest";

import { POST } from "@/app/api/dev/jobs/[name]/route";

import { restoreEnv, setEnv } from "../../helpers/env";
import { call, makeRequest } from "../../helpers/request";

/** POST /api/dev/jobs/{name}?at=: one periodic job at once, as at a given time; off in production unless set. */
const trigger = (name: string, at?: string) =>
  call(
    POST,
    makeRequest(`/api/dev/jobs/${name}${at === undefined ? "" : `?at=${encodeURIComponent(at)}`}`, { method: "POST" }),
    { params: Promise.resolve({ name }) },
  );

afterEach(() => restoreEnv());

describe("the development job trigger", () => {
  it("runs a job as at the given time; an unknown job is a 404, a time that is none a 400", async () => {
    const ran = await trigger("booking-reminders", "2030-01-01T10:00:00Z");
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ name: "booking-reminders", result: 0 });
    expect((await trigger("no-such-job")).status).toBe(404);
    const bad = await trigger("booking-reminders", "tomorrow-ish");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.at.key).toBe("Validation.invalid");
  });

  it("is a 404 in production unless DEV_JOB_TRIGGER is set", async () => {
    setEnv({ NODE_ENV: "production", APP_URL: "https://maister.example", DEV_JOB_TRIGGER: undefined });
    expect((await trigger("booking-reminders")).status).toBe(404);
    setEnv({ NODE_ENV: "production", DEV_JOB_TRIGGER: "true" });
    expect((await trigger("booking-reminders")).status).toBe(200);
  });
});
