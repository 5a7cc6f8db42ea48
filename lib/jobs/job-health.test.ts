import { describe, expect, it } from "vitest";

import { JOB_ERROR_MAX, jobOverdue, jobState, shortErrorMessage, type JobRunRow } from "./job-health";

const T = Date.parse("2026-11-25T12:00:00Z");
const at = (offsetMs: number) => new Date(T + offsetMs);
const row = (fields: Partial<JobRunRow>): JobRunRow => ({
  name: "purge",
  lastStartedAt: null,
  lastSucceededAt: null,
  lastFailedAt: null,
  lastError: null,
  createdAt: at(-60 * 60_000),
  ...fields,
});

describe("overdue", () => {
  it("counts from the last success: two intervals plus a lease", () => {
    expect(jobOverdue(row({ lastSucceededAt: at(-20_000) }), 10_000, T, 60_000)).toBe(false);
    expect(jobOverdue(row({ lastSucceededAt: at(-80_000) }), 10_000, T, 60_000)).toBe(false);
    expect(jobOverdue(row({ lastSucceededAt: at(-80_001) }), 10_000, T, 60_000)).toBe(true);
  });

  it("counts from the registration when the job never succeeded; a job nobody registered is overdue", () => {
    expect(jobOverdue(row({ createdAt: at(-1_000) }), 60 * 60_000, T)).toBe(false);
    expect(jobOverdue(row({ createdAt: at(-3 * 60 * 60_000) }), 60 * 60_000, T)).toBe(true);
    expect(jobOverdue(undefined, 10_000, T)).toBe(true);
  });

  it("is not lifted by failures", () => {
    expect(jobOverdue(row({ lastSucceededAt: at(-10 * 60_000), lastFailedAt: at(-1_000) }), 10_000, T)).toBe(true);
  });
});

describe("state", () => {
  it("tells never run, running, succeeded, failed and interrupted apart", () => {
    expect(jobState(undefined, T)).toBe("neverRun");
    expect(jobState(row({}), T)).toBe("neverRun");
    // Started after its last outcome, within its lease: the run is going on.
    expect(jobState(row({ lastStartedAt: at(-1_000), lastSucceededAt: at(-60_000) }), T, 2_000)).toBe("running");
    expect(jobState(row({ lastStartedAt: at(-2_000), lastSucceededAt: at(-1_000) }), T)).toBe("succeeded");
    expect(jobState(row({ lastStartedAt: at(-2_000), lastSucceededAt: at(-9_000), lastFailedAt: at(-1_000) }), T)).toBe(
      "failed",
    );
    expect(jobState(row({ lastStartedAt: at(-2_000), lastSucceededAt: at(-1_000), lastFailedAt: at(-9_000) }), T)).toBe(
      "succeeded",
    );
    // Started, then the holder went away: the lease ran out with no outcome written.
    expect(jobState(row({ lastStartedAt: at(-5_000), lastSucceededAt: at(-60_000) }), T, 4_000)).toBe("interrupted");
    expect(jobState(row({ lastStartedAt: at(-5_000) }), T, 4_000)).toBe("interrupted");
  });
});

describe("the error kept for admins", () => {
  it("is one line without the stack", () => {
    const error = new Error("Resend answered 500\nsecond line");
    expect(error.stack).toContain("at ");
    expect(shortErrorMessage(error)).toBe("Resend answered 500");
  });

  it("keeps Prisma's call and its last line, not the code frame or the file", () => {
    const message = [
      "",
      "Invalid `prisma.mailOutbox.findMany()` invocation in",
      "/srv/app/lib/mail/outbox.ts:82:3",
      "",
      "  79 const rows = await",
      "→ 82 prisma.mailOutbox.findMany(",
      "Can't reach database server at `db.internal:5432`",
    ].join("\n");
    expect(shortErrorMessage(new Error(message))).toBe(
      "prisma.mailOutbox.findMany(): Can't reach database server at `db.internal:5432`",
    );
  });

  it("hides what looks like a credential", () => {
    const text = shortErrorMessage(
      new Error(
        'connect postgresql://maister:hunter2@db:5432/app failed; Authorization: Bearer abc.def token=s3cr3t api_key="k y" re_8sKq2mN7pL4xW9vB3cT6zY1d',
      ),
    );
    for (const secret of ["hunter2", "abc.def", "s3cr3t", "k y", "re_8sKq2mN7pL4xW9vB3cT6zY1d"])
      expect(text).not.toContain(secret);
    expect(text).toContain("postgresql://***@db:5432/app");
  });

  it("keeps ids and ordinary words, and cuts long messages", () => {
    expect(shortErrorMessage(new Error("mail 0195f6c8-1111-7222-8333-444455556666 refused"))).toBe(
      "mail 0195f6c8-1111-7222-8333-444455556666 refused",
    );
    const long = shortErrorMessage(new Error("x ".repeat(500)));
    expect(long.length).toBe(JOB_ERROR_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("names something that is not an error without printing it", () => {
    expect(shortErrorMessage({ password: "p" })).toBe("Unknown error");
    expect(shortErrorMessage("timed out")).toBe("timed out");
  });
});
