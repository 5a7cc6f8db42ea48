import { describe, expect, it } from "vitest";

import { fieldErrors } from "@/lib/zod";

import { bookingCancelInput, confirmInput, otherTimesInput, proposeInput } from "./schema";

const now = new Date("2026-12-07T10:00:00Z"); // 12:00 in Kyiv
const keys = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.success ? {} : fieldErrors(result.error!);

describe("proposeInput", () => {
  const parse = (body: unknown) => proposeInput(now).safeParse(body);

  it("turns Kyiv wall-clock times into instants and keeps the lengths", () => {
    const result = parse({ slots: [{ start: "2026-12-08T09:30", minutes: 45 }] });
    expect(result.success && result.data).toEqual({
      slots: [{ start: new Date("2026-12-08T07:30:00Z"), minutes: 45 }],
      reason: "",
    });
  });

  it("names the slot and the rule that refused it", () => {
    expect(keys(parse({ slots: [{ start: "2026-12-07T12:20", minutes: 60 }] }))).toEqual({
      "slots.0.start": "Booking.slotTooSoon",
    });
    expect(keys(parse({ slots: [{ start: "2026-12-07T12:30", minutes: 60 }] }))).toEqual({});
    expect(keys(parse({ slots: [{ start: "2027-03-07T13:00", minutes: 60 }] }))).toEqual({
      "slots.0.start": "Booking.slotTooFar",
    });
    expect(keys(parse({ slots: [{ start: "2027-03-28T03:15", minutes: 60 }] }))).toEqual({
      "slots.0.start": "Booking.slotSkipped",
    });
    expect(
      keys(
        parse({
          slots: [
            { start: "2026-12-08T10:00", minutes: 60 },
            { start: "2026-12-08T10:00", minutes: 90 },
            { start: "2026-12-08T10:00", minutes: 60 },
          ],
        }),
      ),
    ).toEqual({ slots: "Booking.slotsDuplicate" });
    expect(keys(parse({ slots: [{ start: "2026-12-08T10:00", minutes: 50 }] }))).toEqual({
      "slots.0.minutes": "Booking.slotMinutes",
    });
    expect(keys(parse({ slots: [{ start: "2026-12-08T10:00", minutes: 60 }], reason: 7 }))).toEqual({
      reason: "Booking.reason",
    });
    expect(keys(parse(null))).toEqual({ body: "Api.badRequest" });
  });
});

describe("the other inputs", () => {
  it("takes a slot id, a note and a reason of 3 to 500 characters once invisible characters go", () => {
    expect(keys(confirmInput.safeParse({ slot: "x" }))).toEqual({ slot: "Booking.slotUnknown" });
    expect(otherTimesInput.parse({})).toEqual({ note: "" });
    expect(keys(otherTimesInput.safeParse({ note: "x".repeat(501) }))).toEqual({ note: "Booking.note" });
    expect(keys(bookingCancelInput.safeParse({ reason: "a\u200Bb" }))).toEqual({ reason: "Booking.cancelReason" });
    expect(bookingCancelInput.parse({ reason: "  Sick  " })).toEqual({ reason: "Sick" });
  });
});
