import { describe, expect, it } from "vitest";

import { CHOOSABLE_EVENTS, EVENT_RULES, eventOfKind, EVENTS } from "./events";
import { channelsFor, heldUntil, inQuietHours, quietHoursIn, quietHoursOut, resolveSettings } from "./rules";

const DEFAULT_QUIET = { from: 22 * 60, to: 8 * 60 };

describe("notification choices", () => {
  it("has every kind in exactly one event", () => {
    const kinds = EVENTS.flatMap((event) => [...EVENT_RULES[event].kinds]);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const event of EVENTS) for (const kind of EVENT_RULES[event].kinds) expect(eventOfKind(kind)).toBe(event);
    expect(eventOfKind("request.somethingNew")).toBeNull();
  });

  it("defaults to e-mail for everything, and Telegram and push too for what cannot wait", () => {
    const settings = resolveSettings(null);
    expect(settings.quietHours).toEqual(DEFAULT_QUIET);
    expect(channelsFor(settings, "newRequest")).toEqual(["email", "telegram", "push"]);
    expect(channelsFor(settings, "answer")).toEqual(["email", "telegram", "push"]);
    expect(channelsFor(settings, "reviewDigest")).toEqual(["email"]);
    expect(channelsFor(settings, "account")).toEqual(["email"]);
  });

  it("keeps a person's choices, drops what is unknown, and forces account mail to e-mail only", () => {
    const settings = resolveSettings({
      channels: { email: false, push: "yes", fax: true },
      events: { newRequest: ["telegram", "pigeon"], account: ["telegram"], gone: ["email"] },
      quietFrom: null,
      quietTo: null,
    });
    expect(settings.channels).toEqual({ email: false, telegram: true, push: true });
    expect(settings.quietHours).toBeNull();
    expect(channelsFor(settings, "newRequest")).toEqual(["telegram"]);
    // E-mail turned off as a channel: nothing by e-mail, except what must go.
    expect(channelsFor(settings, "reviewDigest")).toEqual([]);
    expect(channelsFor(settings, "account")).toEqual(["email"]);
    expect(Object.keys(settings.events)).not.toContain("gone");
  });

  it("lets a person choose for every event but the account's", () => {
    expect(CHOOSABLE_EVENTS).not.toContain("account");
    expect(CHOOSABLE_EVENTS).toContain("booking");
  });
});

describe("quiet hours", () => {
  it("reads a window over midnight and one within a day", () => {
    expect(inQuietHours(23 * 60, DEFAULT_QUIET)).toBe(true);
    expect(inQuietHours(7 * 60 + 59, DEFAULT_QUIET)).toBe(true);
    expect(inQuietHours(8 * 60, DEFAULT_QUIET)).toBe(false);
    expect(inQuietHours(21 * 60 + 59, DEFAULT_QUIET)).toBe(false);
    const lunch = { from: 13 * 60, to: 14 * 60 };
    expect(inQuietHours(13 * 60 + 30, lunch)).toBe(true);
    expect(inQuietHours(12 * 60, lunch)).toBe(false);
    expect(inQuietHours(5, { from: 600, to: 600 })).toBe(false);
  });

  it("holds a non-urgent delivery until the window ends on Kyiv's clock", () => {
    // 23:30 in Kyiv on 8 December (UTC+2): held until 08:00 the next morning.
    expect(heldUntil(new Date("2026-12-08T21:30:00Z"), "newRequest", DEFAULT_QUIET)?.toISOString()).toBe(
      "2026-12-09T06:00:00.000Z",
    );
    // 03:00 in Kyiv: until 08:00 the same day.
    expect(heldUntil(new Date("2026-12-09T01:00:00Z"), "message", DEFAULT_QUIET)?.toISOString()).toBe(
      "2026-12-09T06:00:00.000Z",
    );
    // Summer (UTC+3).
    expect(heldUntil(new Date("2026-07-01T20:00:00Z"), "answer", DEFAULT_QUIET)?.toISOString()).toBe(
      "2026-07-02T05:00:00.000Z",
    );
    // Outside the window, or urgent, or no quiet hours: now.
    expect(heldUntil(new Date("2026-12-08T10:00:00Z"), "newRequest", DEFAULT_QUIET)).toBeNull();
    expect(heldUntil(new Date("2026-12-08T21:30:00Z"), "bookingReminder", DEFAULT_QUIET)).toBeNull();
    expect(heldUntil(new Date("2026-12-08T21:30:00Z"), "newRequest", null)).toBeNull();
  });

  it("ends across a change of the clock at the wall-clock time of that morning", () => {
    // The night of 29 March 2026: 03:00 becomes 04:00 in Kyiv. Quiet until 08:00 = 05:00 UTC.
    expect(heldUntil(new Date("2026-03-28T21:00:00Z"), "newRequest", DEFAULT_QUIET)?.toISOString()).toBe(
      "2026-03-29T05:00:00.000Z",
    );
    // A window that ends in the skipped hour ends when the clock reads it again (04:00 = 01:00 UTC).
    expect(
      heldUntil(new Date("2026-03-28T23:30:00Z"), "newRequest", { from: 60, to: 3 * 60 + 30 })?.toISOString(),
    ).toBe("2026-03-29T01:00:00.000Z");
  });

  it("writes and reads HH:MM", () => {
    expect(quietHoursOut(DEFAULT_QUIET)).toEqual({ from: "22:00", to: "08:00" });
    expect(quietHoursIn({ from: "22:00", to: "08:00" })).toEqual(DEFAULT_QUIET);
    expect(quietHoursOut(null)).toBeNull();
  });
});
