import { describe, expect, it } from "vitest";

import {
  hoursOpen,
  openHoursOf,
  REQUEST_ASAP_OPEN_HOURS,
  REQUEST_OPEN_HOURS,
  requestEndedAt,
  THREAD_DAYS_AFTER_END,
  THREAD_MAIL_EVERY_MINUTES,
  threadClosesAt,
  threadMailCutoff,
  threadMailDue,
} from "./rules";

/** How long a request stays open, and how its wording reads that back from what was stored. */
describe("a request's hours", () => {
  it("as soon as possible is open for a few hours, certain days for 72", () => {
    expect(openHoursOf(true)).toBe(REQUEST_ASAP_OPEN_HOURS);
    expect(openHoursOf(false)).toBe(REQUEST_OPEN_HOURS);
    expect(REQUEST_ASAP_OPEN_HOURS).toBeLessThan(12);
  });

  it("reads the hours a request had from its stored times, so requests sent under an older rule say theirs", () => {
    const sent = "2026-12-06T10:00:00.000Z";
    expect(hoursOpen(sent, "2026-12-06T14:00:00.000Z")).toBe(4);
    expect(hoursOpen(new Date(sent), new Date("2026-12-09T10:00:00.000Z"))).toBe(72);
    // The write's own milliseconds do not make it 3 or 5.
    expect(hoursOpen("2026-12-06T10:00:00.004Z", "2026-12-06T14:00:00.007Z")).toBe(4);
  });
});

/** When a request ended, and so when its threads close for writing. */
describe("a request's end and its threads' close", () => {
  const now = new Date("2026-12-06T12:00:00.000Z");
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  const open = { status: "open" as const, closedAt: null, acceptedAt: null, expiresAt: at(10) };

  it("an open request has not ended, and its threads do not close", () => {
    expect(requestEndedAt(open, now)).toBeNull();
    expect(threadClosesAt(open, now)).toBeNull();
  });

  it("ends when closed, else when accepted, else when its time was up", () => {
    expect(requestEndedAt({ ...open, status: "cancelled", closedAt: at(-5) }, now)).toEqual(at(-5));
    expect(requestEndedAt({ ...open, status: "expired", closedAt: at(-1), expiresAt: at(-2) }, now)).toEqual(at(-1));
    expect(requestEndedAt({ ...open, status: "accepted", acceptedAt: at(-3) }, now)).toEqual(at(-3));
    // Accepted, then called off by the chosen shop: it ended with the cancellation.
    expect(requestEndedAt({ ...open, status: "cancelled", acceptedAt: at(-30), closedAt: at(-2) }, now)).toEqual(
      at(-2),
    );
    // Past its hours before the job closed it: ended at its expiry.
    expect(requestEndedAt({ ...open, expiresAt: at(-4) }, now)).toEqual(at(-4));
    expect(requestEndedAt({ ...open, expiresAt: now }, now)).toEqual(now);
    // An old row closed without a time: its expiry.
    expect(requestEndedAt({ ...open, status: "expired", expiresAt: at(-6) }, now)).toEqual(at(-6));
  });

  it("a thread closes THREAD_DAYS_AFTER_END days after the end", () => {
    expect(THREAD_DAYS_AFTER_END).toBe(30);
    expect(threadClosesAt({ ...open, status: "cancelled", closedAt: at(-5) }, now)).toEqual(at(-5 + 30 * 24));
  });
});

/** The mail throttle of a thread: one mail per recipient per THREAD_MAIL_EVERY_MINUTES. */
describe("threadMailDue", () => {
  const now = new Date("2026-12-06T12:00:00.000Z");
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it("mails a side never mailed about the thread", () => {
    expect(threadMailDue(null, now)).toBe(true);
  });

  it("not within the window, and again once it has passed", () => {
    expect(THREAD_MAIL_EVERY_MINUTES).toBe(10);
    expect(threadMailDue(minutesAgo(0), now)).toBe(false);
    expect(threadMailDue(minutesAgo(9.99), now)).toBe(false);
    expect(threadMailDue(minutesAgo(10), now)).toBe(true);
    expect(threadMailDue(minutesAgo(60), now)).toBe(true);
  });

  it("the cutoff the server's UPDATE compares with is the same rule", () => {
    expect(threadMailCutoff(now)).toEqual(minutesAgo(10));
    for (const minutes of [0, 5, 9.99, 10, 10.01, 600])
      expect(threadMailDue(minutesAgo(minutes), now)).toBe(minutesAgo(minutes) <= threadMailCutoff(now));
  });
});
