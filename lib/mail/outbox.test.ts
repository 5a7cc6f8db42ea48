import { describe, expect, it } from "vitest";

import { headerSafe, RETRY_PAUSES_MS, retryPause } from "@/lib/mail/outbox";

describe("mail queue rules", () => {
  it("pauses longer after each failed attempt, then keeps the longest pause", () => {
    const pauses = [1, 2, 3, 4, 5, 6, 7, 20].map(retryPause);
    expect(pauses.slice(0, 6)).toEqual(RETRY_PAUSES_MS);
    for (let i = 1; i < 6; i++) expect(pauses[i]!).toBeGreaterThan(pauses[i - 1]!);
    expect(pauses[6]).toBe(RETRY_PAUSES_MS.at(-1));
    expect(pauses[7]).toBe(RETRY_PAUSES_MS.at(-1));
    expect(retryPause(1)).toBeLessThanOrEqual(60_000);
  });

  it("keeps line breaks of every kind out of header values, and bounds them", () => {
    expect(headerSafe("Hello\r\nBcc: x@y.z")).toBe("Hello Bcc: x@y.z");
    expect(headerSafe("a\rb\nc\u2028d\u0085e")).toBe("a b c d e");
    expect(headerSafe("x".repeat(500))).toHaveLength(300);
    expect(headerSafe("  spaced   out  ")).toBe("spaced out");
  });
});
