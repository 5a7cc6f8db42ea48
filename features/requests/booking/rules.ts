import {
  dateOfDay,
  DAY_MS,
  instantToWallClock as instantToWallClockIn,
  isWallClock,
  MINUTE_MS,
  wallClockToInstant as wallClockToInstantIn,
} from "@/domain/service/clock";

/**
 * The booked time of an accepted request's job: the chosen shop proposes one to three slots, the
 * driver picks one (or asks for other times), either side moves the agreed slot (the other side
 * picks again, the old slot holding meanwhile), cancels it, or says the other did not come once it
 * has started. Times are read and written on Kyiv's wall clock. Pure: the forms and the server
 * share it.
 */

export const BOOKING_TIME_ZONE = "Europe/Kyiv";
export const BOOKING_MAX_SLOTS = 3;

export { isWallClock };
/** A wall-clock YYYY-MM-DDTHH:mm on Kyiv's clock as an instant (domain/service/clock.ts). */
export const wallClockToInstant = (value: string, timeZone = BOOKING_TIME_ZONE) =>
  wallClockToInstantIn(value, timeZone);
/** An instant as Kyiv's wall-clock YYYY-MM-DDTHH:mm. */
export const instantToWallClock = (instant: Date, timeZone = BOOKING_TIME_ZONE) =>
  instantToWallClockIn(instant, timeZone);
export const SLOT_MIN_MINUTES = 15;
export const SLOT_MAX_MINUTES = 600;
export const SLOT_STEP_MINUTES = 15;
/** A slot starts at least this long after it is proposed. */
export const SLOT_MIN_LEAD_MINUTES = 30;
/** And at most this many days ahead. */
export const SLOT_MAX_DAYS_AHEAD = 90;
/** A cancellation of an agreed slot that starts sooner than this is late. */
export const LATE_CANCEL_HOURS = 2;
export const BOOKING_REASON_MIN = 3;
export const BOOKING_TEXT_MAX = 500;
/** What an owner's calendar feed holds: agreed slots from this many days back to that many ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

export const BOOKING_STATUSES = ["proposed", "confirmed", "rescheduled", "done", "cancelled", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type BookingSide = "driver" | "service";
export type BookingPart = BookingSide | "admin";

/** Statuses in which the booking is still on (it can be moved or cancelled). */
export const ACTIVE_BOOKING: readonly BookingStatus[] = ["proposed", "confirmed", "rescheduled"];
export const isActiveBooking = (status: BookingStatus) => ACTIVE_BOOKING.includes(status);

/** Whether a slot may be proposed at `now`: at least SLOT_MIN_LEAD_MINUTES ahead, at most SLOT_MAX_DAYS_AHEAD days. */
export function slotTiming(start: Date, now: Date): "ok" | "tooSoon" | "tooFar" {
  if (start.getTime() < now.getTime() + SLOT_MIN_LEAD_MINUTES * MINUTE_MS) return "tooSoon";
  if (start.getTime() > now.getTime() + SLOT_MAX_DAYS_AHEAD * DAY_MS) return "tooFar";
  return "ok";
}

export const isSlotLength = (minutes: number) =>
  Number.isInteger(minutes) &&
  minutes >= SLOT_MIN_MINUTES &&
  minutes <= SLOT_MAX_MINUTES &&
  minutes % SLOT_STEP_MINUTES === 0;

/** A cancellation now is late when the agreed slot starts less than LATE_CANCEL_HOURS from now (or has started). */
export function isLateCancel(start: Date | null, now: Date): boolean {
  return start !== null && start.getTime() - now.getTime() < LATE_CANCEL_HOURS * 60 * MINUTE_MS;
}

export type BookingState = {
  status: BookingStatus;
  proposedBy: BookingSide;
  start: Date | null;
  otherTimesAt: Date | null;
  slots: number;
};

export type BookingActions = {
  canPropose: boolean;
  canConfirm: boolean;
  canAskOtherTimes: boolean;
  canCancel: boolean;
  canMarkNoShow: boolean;
};

const NONE: BookingActions = {
  canPropose: false,
  canConfirm: false,
  canAskOtherTimes: false,
  canCancel: false,
  canMarkNoShow: false,
};

/**
 * What a part may do now with the booking (null: none yet), while the job is on (`open`): the shop
 * proposes first and again while its proposal is open; once agreed either side moves it (with a
 * reason); the side that did not propose picks; the driver asks for other times once per proposal;
 * either side cancels while it is on, and once the agreed slot has started says the other did not come.
 */
export function bookingActions(
  booking: BookingState | null,
  part: BookingPart,
  open: boolean,
  now: Date,
): BookingActions {
  if (part === "admin" || !open) return NONE;
  if (!booking) return { ...NONE, canPropose: part === "service" };
  const { status } = booking;
  const agreed = status === "confirmed" || status === "rescheduled";
  return {
    canPropose: (status === "proposed" && part === "service") || agreed,
    canConfirm: (status === "proposed" || status === "rescheduled") && booking.proposedBy !== part && booking.slots > 0,
    canAskOtherTimes:
      status === "proposed" && part === "driver" && booking.proposedBy === "service" && booking.otherTimesAt === null,
    canCancel: isActiveBooking(status),
    canMarkNoShow: agreed && booking.start !== null && booking.start.getTime() <= now.getTime(),
  };
}

/** The Monday (YYYY-MM-DD, Kyiv) of the week an instant or a day falls in. */
export function mondayOf(day: string): string {
  const days = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  const weekday = ((((days + 3) % 7) + 7) % 7) + 1;
  return dateOfDay(days - (weekday - 1));
}

/** A day moved by whole days (YYYY-MM-DD). */
export const addDays = (day: string, days: number) =>
  dateOfDay(Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS) + days);
