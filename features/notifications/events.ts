/**
 * What a person can hear about, and how by default. Every notification of the product has a kind
 * (the mail's kind: "request.new", "claim.approved", "receipt"…) and belongs to one event, the unit
 * a person chooses channels for on /profile. Kinds not listed here cannot be sent (notify throws):
 * a new mail has to say which event it belongs to.
 *
 * - `timeCritical`: by default also by Telegram and push, once the person has linked them.
 * - `urgent`: never held by quiet hours (a booking in two hours cannot wait for the morning).
 * - `required`: account and security mails (links, codes, a changed password): always by e-mail,
 *   to the address the mail names, and never by Telegram or push (a chat is no place for a
 *   sign-in link); not shown as a choice.
 */
export const CHANNELS = ["email", "telegram", "push"] as const;
export type Channel = (typeof CHANNELS)[number];

type EventRule = { kinds: readonly string[]; timeCritical?: true; urgent?: true; required?: true };

export const EVENT_RULES = {
  newRequest: { kinds: ["request.new"], timeCritical: true },
  requestReminder: { kinds: ["request.reminder"] },
  answer: { kinds: ["request.answered"], timeCritical: true },
  requestUpdate: {
    kinds: [
      "request.chosen",
      "request.passed",
      "request.cancelledByDriver",
      "request.cancelledByShop",
      "request.closedByAdmin",
      "request.expired",
    ],
    timeCritical: true,
  },
  message: { kinds: ["request.messageToDriver", "request.messageToService"], timeCritical: true },
  booking: {
    kinds: [
      "request.bookingProposed",
      "request.bookingRescheduled",
      "request.bookingConfirmed",
      "request.bookingOtherTimes",
      "request.bookingCancelled",
      "request.bookingNoShow",
    ],
    timeCritical: true,
    urgent: true,
  },
  bookingReminder: {
    kinds: ["request.bookingReminderDriver", "request.bookingReminderService"],
    timeCritical: true,
    urgent: true,
  },
  job: {
    kinds: [
      "request.extraProposed",
      "request.extraDecided",
      "request.jobDone",
      "request.jobConfirmed",
      "request.jobDisputed",
      "request.disputeResolved",
    ],
    timeCritical: true,
  },
  claim: { kinds: ["claim.approved", "claim.transferred", "claim.rejected", "claim.ownerLost", "claim.lapsed"] },
  reviewReply: { kinds: ["reviewReply"] },
  reviewModeration: { kinds: ["reviewHidden", "reviewRestored", "reportHidden", "reportKept"] },
  reviewDigest: { kinds: ["reviewDigest"] },
  hoursReminder: { kinds: ["hoursReminder"] },
  payment: { kinds: ["receipt", "refunded"] },
  adminPayment: {
    kinds: ["paymentReversedAdmin", "paymentDuplicateAdmin", "paymentReviewAdmin", "paymentStuckAdmin"],
    timeCritical: true,
  },
  account: {
    kinds: [
      "confirm",
      "existing",
      "reset",
      "emailChange",
      "emailChangeNotice",
      "emailChangeTaken",
      "emailChanged",
      "passwordChanged",
      "mfaEnabled",
      "mfaDisabled",
      "mfaRecoveryCodesRenewed",
      "mfaCodeCap",
      "claim.code",
    ],
    required: true,
    urgent: true,
  },
} as const satisfies Record<string, EventRule>;

export type NotificationEvent = keyof typeof EVENT_RULES;
export const EVENTS = Object.keys(EVENT_RULES) as NotificationEvent[];

const rule = (event: NotificationEvent): EventRule => EVENT_RULES[event];

/** The events a person chooses channels for (all but the required ones). */
export const CHOOSABLE_EVENTS = EVENTS.filter((event) => !rule(event).required);

/** Events only an admin hears of: shown to admins only. */
export const ADMIN_EVENTS: ReadonlySet<NotificationEvent> = new Set(["adminPayment"]);

const EVENT_OF_KIND = new Map<string, NotificationEvent>(
  EVENTS.flatMap((event) => rule(event).kinds.map((kind) => [kind, event] as const)),
);

/** The event a notification's kind belongs to, or null for a kind nobody listed. */
export const eventOfKind = (kind: string): NotificationEvent | null => EVENT_OF_KIND.get(kind) ?? null;

export const isUrgent = (event: NotificationEvent) => Boolean(rule(event).urgent);
export const isRequired = (event: NotificationEvent) => Boolean(rule(event).required);

/** The channels an event goes by when the person has not chosen. */
export function defaultChannelsOf(event: NotificationEvent): Channel[] {
  if (rule(event).required) return ["email"];
  return rule(event).timeCritical ? ["email", "telegram", "push"] : ["email"];
}

/** Quiet hours when the person has not chosen: 22:00 to 08:00 in Kyiv, as minutes of the day. */
export const DEFAULT_QUIET_HOURS = { from: 22 * 60, to: 8 * 60 } as const;
