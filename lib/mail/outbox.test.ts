import { describe, expect, it } from "vitest";

import { GIVE_UP_AFTER_MS, headerSafe, MAIL_QUEUE_OPTIONS } from "@/lib/mail/outbox";

/**
 * The shortest pause pg-boss 12.38 makes after the job's failure number `retryCount` (from 0) with
 * backoff: retryDelay × 2^retryCount × (1 + random()), at most retryDelayMax (its failJobs plan).
 */
const shortestPause = (retryCount: number) =>
  Math.min(MAIL_QUEUE_OPTIONS.retryDelayMax!, MAIL_QUEUE_OPTIONS.retryDelay! * 2 ** Math.min(16, retryCount));

describe("mail queue rules", () => {
  it("retries after 30 s, then with growing pauses up to 3 hours", () => {
    expect(MAIL_QUEUE_OPTIONS).toMatchObject({ retryDelay: 30, retryBackoff: true, retryDelayMax: 3 * 60 * 60 });
    const pauses = Array.from({ length: 12 }, (_, i) => shortestPause(i));
    expect(pauses.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(pauses.at(-1)).toBe(3 * 60 * 60);
  });

  it("keeps retrying for longer than the one-day give-up, which ends the job first", () => {
    const leastSpanSeconds = Array.from({ length: MAIL_QUEUE_OPTIONS.retryLimit! }, (_, i) => shortestPause(i)).reduce(
      (sum, pause) => sum + pause,
      0,
    );
    expect(leastSpanSeconds * 1000).toBeGreaterThan(GIVE_UP_AFTER_MS);
  });

  it("keeps line breaks of every kind out of header values, and bounds them", () => {
    expect(headerSafe("Hello\r\nBcc: x@y.z")).toBe("Hello Bcc: x@y.z");
    expect(headerSafe("a\rb\nc\u2028d\u0085e")).toBe("a b c d e");
    expect(headerSafe("x".repeat(500))).toHaveLength(300);
    expect(headerSafe("  spaced   out  ")).toBe("spaced out");
  });
});
