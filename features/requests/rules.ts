/**
 * Requests for a price and a time: the rules the forms, the pages and the server share (free of
 * zod, like the other rules files). A driver asks up to REQUEST_MAX_SERVICES services about one
 * job; each answers once; the driver accepts one answer. An open request closes itself after
 * REQUEST_OPEN_HOURS (REQUEST_ASAP_OPEN_HOURS when wanted as soon as possible); a service that has
 * not answered after REQUEST_REMINDER_HOURS is reminded once.
 */
import type { PriceJob } from "@/domain/service/jobs";

export const REQUEST_MAX_SERVICES = 5;
/** The service the request starts from plus up to this many others near it. */
export const REQUEST_MAX_OTHERS = REQUEST_MAX_SERVICES - 1;
export const REQUEST_DESCRIPTION_MAX = 1000;
export const REQUEST_MESSAGE_MAX = 1000;
export const REQUEST_REASON_MAX = 500;
export const REQUEST_MAX_IMAGES = 3;
export const REQUEST_OPEN_HOURS = 72;
/**
 * A request "as soon as possible" is a driver stuck now: an answer in three days is no answer, so
 * it closes after a few hours (the reminder still comes at REQUEST_REMINDER_HOURS, halfway).
 */
export const REQUEST_ASAP_OPEN_HOURS = 4;

/** How long a request stays open, fixed when sent (its expiresAt). */
export const openHoursOf = (asap: boolean) => (asap ? REQUEST_ASAP_OPEN_HOURS : REQUEST_OPEN_HOURS);

/** The hours a sent request had to be answered, read back from its stored times (old ones kept 72). */
export const hoursOpen = (createdAt: string | Date, expiresAt: string | Date) =>
  Math.round((new Date(expiresAt).getTime() - new Date(createdAt).getTime()) / 3_600_000);
export const REQUEST_REMINDER_HOURS = 2;
/** How far ahead a driver may ask for a date range (days from today). */
export const REQUEST_MAX_DAYS_AHEAD = 90;
/** "The best 5 near me": services that do the job within this distance of the point. */
export const REQUEST_NEARBY_KM = 25;
export const CAR_MODEL_MAX = 60;
export const CAR_YEAR_MIN = 1950;

/** Response figures (features/requests/response-time.ts): over this window, shown from this many requests on. */
export const RESPONSE_WINDOW_DAYS = 30;
export const RESPONSE_MIN_REQUESTS = 3;

export const CAR_FUELS = ["petrol", "diesel", "lpg", "hybrid", "electric"] as const;
export type CarFuel = (typeof CAR_FUELS)[number];
export const PARTS_OF_DAY = ["morning", "afternoon", "evening"] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

export type RequestStatus = "open" | "accepted" | "cancelled" | "expired";
/** A service's side of a request: what its inbox shows. */
export type TargetStatus = "sent" | "answered" | "declined" | "chosen" | "passed" | "cancelled";
export type RequestJob = PriceJob | "custom";

export type Car = { make: string; model: string; year: number; fuel: CarFuel };
export type RequestWhen = { asap: true } | { from: string; to: string; partOfDay?: PartOfDay };

export const INBOX_TABS = ["new", "all"] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

// ---- The server's limits (features/requests/server/, e.g. create-request.ts and inbox.ts) ------

/** Requests a driver may have open at once, whatever the daily throttle says. */
export const REQUEST_MAX_OPEN = 5;
/** An "other" job needs a description at least this long: a shop cannot price "help". */
export const CUSTOM_DESCRIPTION_MIN = 10;
/** GET /api/requests/mine lists this many, newest first. */
export const MY_REQUESTS_MAX = 50;
/** Services suggested beside the one a request starts from (or near a point). */
export const SUGGEST_MAX = 8;
export const INBOX_PAGE_SIZE = 20;
/** A shop's offered time or earliest day lies at most this far ahead. */
export const ANSWER_MAX_DAYS_AHEAD = 365;
/** The visit code bound to the driver when their job is confirmed lasts this long (their review is verified with it). */
export const REQUEST_VISIT_CODE_DAYS = 60;

export const REQUEST_STATUSES = [
  "open",
  "accepted",
  "cancelled",
  "expired",
] as const satisfies readonly RequestStatus[];

// ---- The threads: a conversation per request and asked service ----------------------------------

/** A message's text, trimmed: 1 to this many characters. */
export const THREAD_TEXT_MAX = 2000;
/** Photos one message may carry (the driver's or the service's own uploads). */
export const THREAD_MAX_IMAGES = 3;
/** A thread stays open for writing this many days after its request ended (requestEndedAt). */
export const THREAD_DAYS_AFTER_END = 30;
/** Each side is mailed about new messages in a thread at most once in this many minutes. */
export const THREAD_MAIL_EVERY_MINUTES = 10;

type Ending = { status: RequestStatus; closedAt: Date | null; acceptedAt: Date | null; expiresAt: Date };

/**
 * When a request ended, or null while it is open: the request ends when it leaves "open", i.e.
 * when it is cancelled or closed (closedAt: the driver, a shop, an admin, or the job after its
 * hours), else when it was accepted (acceptedAt), else when its time was up (expiresAt, also for
 * one still "open" past it that the job has not closed yet). An accepted request that the chosen
 * shop or the driver cancels later ends with that cancellation. The same order as the response
 * figures and the retention purge date an ended request by.
 */
export function requestEndedAt(request: Ending, now: Date): Date | null {
  if (request.closedAt) return request.closedAt;
  if (request.acceptedAt) return request.acceptedAt;
  if (request.status !== "open" || request.expiresAt <= now) return request.expiresAt;
  return null;
}

/** When the thread of a request closes for writing (THREAD_DAYS_AFTER_END after its end), or null while it is open. */
export function threadClosesAt(request: Ending, now: Date): Date | null {
  const ended = requestEndedAt(request, now);
  return ended ? new Date(ended.getTime() + THREAD_DAYS_AFTER_END * 86_400_000) : null;
}

/**
 * The mail throttle of a thread, for one recipient: a new message is mailed when that side was
 * never mailed about this thread, or last mailed at least THREAD_MAIL_EVERY_MINUTES ago. The
 * server applies it as a condition of one UPDATE (lastMailedAt <= mailCutoff(now)), so two
 * instances never both mail within the window.
 */
export const threadMailCutoff = (now: Date) => new Date(now.getTime() - THREAD_MAIL_EVERY_MINUTES * 60_000);
export const threadMailDue = (lastMailedAt: Date | null, now: Date) =>
  lastMailedAt === null || lastMailedAt <= threadMailCutoff(now);

// ---- A booked time's reminders (features/requests/booking/server/reminders.ts) -----------------

/**
 * Both sides are reminded of an agreed slot this many hours before it, once each: the day before,
 * and shortly before. A reminder is sent only for a slot agreed before its time came (one agreed
 * an hour ahead needs no "tomorrow" mail) and not yet begun.
 */
export const BOOKING_REMINDER_HOURS = { day: 24, soon: 2 } as const;
export type BookingReminder = keyof typeof BOOKING_REMINDER_HOURS;
/** A service's page counts its late cancellations and no-shows over this many days. */
export const JOB_FIGURES_DAYS = 90;
