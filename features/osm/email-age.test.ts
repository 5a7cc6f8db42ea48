import { describe, expect, it } from "vitest";

import { EMAIL_STABLE_MS, emailChangedRecently, emailSinceOfNew } from "./email-age";

const NOW = new Date("2026-12-06T12:00:00Z");

describe("emailChangedRecently", () => {
  it("is true until the address has stood the whole period, then false", () => {
    expect(emailChangedRecently(new Date(NOW.getTime() - 60_000), NOW)).toBe(true);
    expect(emailChangedRecently(new Date(NOW.getTime() - EMAIL_STABLE_MS + 1), NOW)).toBe(true);
    expect(emailChangedRecently(new Date(NOW.getTime() - EMAIL_STABLE_MS), NOW)).toBe(false);
    expect(emailChangedRecently(new Date("2025-01-01T00:00:00Z"), NOW)).toBe(false);
  });

  it("trusts no address it cannot date", () => {
    expect(emailChangedRecently(null, NOW)).toBe(true);
    expect(emailChangedRecently(undefined, NOW)).toBe(true);
    expect(emailChangedRecently(new Date("not a date"), NOW)).toBe(true);
  });

  it("is four weeks", () => {
    expect(EMAIL_STABLE_MS).toBe(28 * 24 * 60 * 60 * 1000);
  });
});

describe("emailSinceOfNew", () => {
  it("is the element's last edit on OpenStreetMap, or now without one, never in the future", () => {
    expect(emailSinceOfNew("2025-03-01T10:00:00Z", NOW)).toEqual(new Date("2025-03-01T10:00:00Z"));
    expect(emailSinceOfNew(undefined, NOW)).toEqual(NOW);
    expect(emailSinceOfNew("yesterday-ish", NOW)).toEqual(NOW);
    expect(emailSinceOfNew("2027-01-01T00:00:00Z", NOW)).toEqual(NOW);
  });
});
