import { describe, expect, it } from "vitest";

import { outcomeOf, pushPayload, retryAfterMs } from "./sender";

describe("the push service's answers", () => {
  it("201 and 200 are sent; 404 and 410 are a subscription gone", () => {
    expect(outcomeOf(201, null, "")).toEqual({ outcome: "sent" });
    expect(outcomeOf(200, null, "")).toEqual({ outcome: "sent" });
    expect(outcomeOf(410, null, "expired")).toMatchObject({
      outcome: "gone",
      error: "push service answered 410: expired",
    });
    expect(outcomeOf(404, null, "")).toMatchObject({ outcome: "gone" });
  });

  it("429 waits as long as Retry-After says; 5xx is tried again; 400, 403 and 413 are refused", () => {
    expect(outcomeOf(429, "120", "")).toMatchObject({ outcome: "retry", afterMs: 120_000 });
    expect(outcomeOf(429, null, "")).not.toHaveProperty("afterMs");
    expect(outcomeOf(503, "5", "")).toMatchObject({ outcome: "retry" });
    expect(outcomeOf(500, null, "")).toMatchObject({ outcome: "retry" });
    for (const status of [400, 403, 413]) expect(outcomeOf(status, null, "")).toMatchObject({ outcome: "refused" });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-12-08T10:00:00Z");
    expect(retryAfterMs("0", now)).toBe(0);
    expect(retryAfterMs("Tue, 08 Dec 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it("the payload the service worker reads, tagged by kind and page", () => {
    expect(
      pushPayload({ title: "New request", body: "Brakes", url: "https://maister.test/x", kind: "request.new" }),
    ).toEqual({
      title: "New request",
      body: "Brakes",
      url: "https://maister.test/x",
      tag: "request.new:https://maister.test/x",
    });
  });
});
