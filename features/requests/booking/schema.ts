import { typedText, visibleText, z } from "@/lib/zod";

import {
  BOOKING_MAX_SLOTS,
  BOOKING_REASON_MIN,
  BOOKING_TEXT_MAX,
  isSlotLength,
  isWallClock,
  slotTiming,
  wallClockToInstant,
} from "./rules";

/**
 * The inputs of a booking, shared by the panel's forms and the server. Each refused field names
 * itself with a message key of the Booking namespace. Slot times are Kyiv wall-clock times
 * (YYYY-MM-DDTHH:mm), turned into instants with Kyiv's offset at that moment; rules that depend on
 * the moment (not too soon, not too far) take `now`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const slot = (now: Date) =>
  z
    .object(
      {
        start: z
          .string({ error: "Booking.slotStart" })
          .refine(isWallClock, { error: "Booking.slotStart", abort: true })
          .refine((value) => wallClockToInstant(value) !== null, { error: "Booking.slotSkipped", abort: true })
          .refine((value) => slotTiming(wallClockToInstant(value)!, now) !== "tooSoon", {
            error: "Booking.slotTooSoon",
            abort: true,
          })
          .refine((value) => slotTiming(wallClockToInstant(value)!, now) !== "tooFar", { error: "Booking.slotTooFar" }),
        minutes: z.number({ error: "Booking.slotMinutes" }).refine(isSlotLength, { error: "Booking.slotMinutes" }),
      },
      { error: "Booking.slots" },
    )
    .transform((value) => ({ start: wallClockToInstant(value.start)!, minutes: value.minutes }));

/** A note or a reason: optional, at most BOOKING_TEXT_MAX characters once what cannot be seen is dropped. */
const note = (key: string) =>
  z
    .string({ error: key })
    .transform(visibleText)
    .pipe(z.string().trim().max(BOOKING_TEXT_MAX, { error: key }))
    .default("");

/** POST /api/requests/{id}/booking: 1 to 3 slots, none twice; a reason (required to move an agreed slot). */
export function proposeInput(now: Date) {
  return z.object(
    {
      slots: z
        .array(slot(now), { error: "Booking.slots" })
        .min(1, { error: "Booking.slots" })
        .max(BOOKING_MAX_SLOTS, { error: "Booking.slots" })
        .refine(
          // Run on what parsed so far too: a slot refused above is not a Date yet.
          (slots) =>
            new Set(
              slots.map((entry) => (entry.start instanceof Date ? `${entry.start.getTime()}|${entry.minutes}` : entry)),
            ).size === slots.length,
          { error: "Booking.slotsDuplicate" },
        ),
      reason: note("Booking.reason"),
    },
    { error: "Api.badRequest" },
  );
}
export type ProposeInput = z.infer<ReturnType<typeof proposeInput>>;

/** PUT /api/requests/{id}/booking: the id of the slot picked. */
export const confirmInput = z.object(
  { slot: z.string({ error: "Booking.slotUnknown" }).regex(UUID, { error: "Booking.slotUnknown" }) },
  { error: "Api.badRequest" },
);

/** POST /api/requests/{id}/booking/other-times: an optional note for the shop. */
export const otherTimesInput = z.object({ note: note("Booking.note") }, { error: "Api.badRequest" });

/** POST /api/requests/{id}/booking/cancel: why, 3 to 500 characters. */
export const bookingCancelInput = z.object(
  {
    reason: typedText(BOOKING_TEXT_MAX, { required: "Booking.cancelReason", tooLong: "Booking.cancelReason" }).refine(
      (value) => value.length >= BOOKING_REASON_MIN,
      { error: "Booking.cancelReason" },
    ),
  },
  { error: "Api.badRequest" },
);

/** GET /requests/calendar?week=YYYY-MM-DD: any day of the week shown. */
export const weekQuery = z.object({
  week: z
    .string({ error: "Booking.week" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Booking.week" })
    .refine(
      (value) => {
        const date = new Date(`${value}T00:00:00Z`);
        // Years the site can show: outside them the week's ends are no wall-clock time (Date.UTC
        // reads a year under 100 as 19xx; past 9999 the ISO form grows a sign).
        const year = Number(value.slice(0, 4));
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && year >= 2000 && year <= 2100;
      },
      { error: "Booking.week" },
    )
    .optional(),
});
