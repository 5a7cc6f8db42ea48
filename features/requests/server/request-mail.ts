import "server-only";

import { createFormatter, createTranslator, type Locale } from "next-intl";

import { PRICE_JOBS, UAH, type PriceJob } from "@/domain/service/jobs";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { notify, type Notified } from "@/features/notifications/server/notify";
import { MESSAGES } from "@/i18n/messages";
import type { Prisma } from "@/lib/generated/prisma/client";
import { escapeHtml, type Mail } from "@/lib/mail/outbox";

import { JOB_CONFIRM_HOURS } from "../job/rules";
import { REQUEST_OPEN_HOURS, REQUEST_REMINDER_HOURS, type Car, type RequestWhen } from "../rules";

/**
 * The mails of a request for a price, each in its recipient's language: to a shop's owner a new
 * request, the reminder after two hours without an answer, the driver's choice of them (with the
 * driver's contacts) or of another shop, and the driver's cancellation; to the driver an answer or
 * a decline, the chosen shop's cancellation, and the close once its hours are up (72, or 4 for one
 * wanted as soon as possible: the request's own); to both an admin's close. Of the job
 * (features/requests/job): to the driver extra work proposed and the job marked done; to the shop
 * the driver's word on extra work, the job confirmed (by the driver or by time) or disputed; to
 * both an admin's word on a dispute.
 * Written in the caller's transaction, so a mail goes out only with the change it reports; the
 * caller kicks the queue after the commit.
 */
export type RequestMailKind =
  | "new"
  | "reminder"
  | "answered"
  | "chosen"
  | "passed"
  | "cancelledByDriver"
  | "cancelledByShop"
  | "closedByAdmin"
  | "expired"
  | "messageToDriver"
  | "messageToService"
  | "bookingReminderDriver"
  | "bookingReminderService"
  | "extraProposed"
  | "extraDecided"
  | "jobDone"
  | "jobConfirmed"
  | "jobDisputed"
  | "disputeResolved"
  | "bookingProposed"
  | "bookingRescheduled"
  | "bookingConfirmed"
  | "bookingOtherTimes"
  | "bookingCancelled"
  | "bookingNoShow";

/**
 * What a mail says. `name` is the recipient's; `job` a price-catalogue job or "custom" (then the
 * description names it); the rest as the kind needs: `station` the shop, `car` and `when` for a
 * new request, `declined` for an answer, the driver's contacts for the chosen shop, `reason` for
 * a cancellation or close, `answers` (how many came) for an expired request.
 */
export type RequestMailValues = {
  name: string;
  job: string;
  description?: string;
  station?: string;
  car?: Car;
  when?: RequestWhen;
  declined?: boolean;
  driverName?: string;
  driverEmail?: string;
  /** The phone the driver gave (+380…), or "" for none. */
  driverPhone?: string;
  reason?: string;
  answers?: number;
  /** A thread's new message, as its recipient may read it (contacts masked before the choice). */
  message?: string;
  /** Whom a booking's mail goes to, for the kinds that go to either side. */
  toSide?: "driver" | "service";
  /** A booking's slots, one a line, already written in the recipient's language and Kyiv's time. */
  slots?: string;
  /** A booking's agreed slot, written likewise. */
  time?: string;
  /** The driver's note when asking for other times. */
  note?: string;
  /** The agreed slot as an .ics file (the driver's mail of a confirmation). */
  icsUrl?: string;
  /** The hours the request had to be answered (features/requests/rules.ts hoursOpen); REQUEST_OPEN_HOURS if not said. */
  openHours?: number;
  /** A booked time: written out in the recipient's language and Kyiv's clock, with its length. */
  slot?: { start: Date; minutes: number };
  /** The service's address, for the driver coming to it. */
  address?: string;
  /** A job's amount in hryvnias: an extra's price, or the final price. */
  amount?: number;
  /** The extra work's description. */
  extra?: string;
  /** The driver's word on extra work. */
  decision?: "approved" | "declined";
  /** Who confirmed a job: the driver, or time (JOB_CONFIRM_HOURS without an answer). */
  by?: "driver" | "time";
  /** An answer's offer (the driver's mail of an answer): its price or range, and its time or first day. */
  offer?: {
    price?: number | null;
    priceFrom?: number | null;
    priceTo?: number | null;
    slot?: Date | null;
    earliest?: string | null;
  };
  /** An admin's word on a dispute (`reason` carries their note). */
  outcome?: "confirmed" | "not_done";
};

/** How much of a custom job's description a subject line quotes. */
const CUSTOM_JOB_QUOTE = 60;

const isPriceJob = (job: string): job is PriceJob => (PRICE_JOBS as readonly string[]).includes(job);

/** A local date (YYYY-MM-DD) as an instant inside that day in Kyiv, for ICU's date format. */
const dayInstant = (date: string) => new Date(`${date}T12:00:00Z`);

export function composeRequestMail(
  kind: RequestMailKind,
  to: string,
  locale: Locale,
  values: RequestMailValues,
  link?: string,
): Mail {
  const messages = MESSAGES[locale];
  const t = createTranslator({ locale, messages, namespace: "Requests.mail", timeZone: DEFAULT_TIME_ZONE });
  const prices = createTranslator({ locale, messages, namespace: "Prices" });
  const format = createFormatter({ locale, timeZone: DEFAULT_TIME_ZONE });
  const day = (date: string) => format.dateTime(dayInstant(date), { dateStyle: "long" });
  const { car, when, declined, answers, description, slot, amount, offer, ...rest } = values;
  const offerPrice =
    offer?.price != null
      ? format.number(offer.price, UAH)
      : offer?.priceFrom != null && offer.priceTo != null
        ? `${format.number(offer.priceFrom, UAH)}–${format.number(offer.priceTo, UAH)}`
        : "";
  const offerTime = offer?.slot
    ? format.dateTime(offer.slot, { dateStyle: "full", timeStyle: "short" })
    : offer?.earliest
      ? t("answerEarliest", { day: day(offer.earliest) })
      : "";
  const quoted = (description ?? "").replace(/\s+/g, " ").trim();
  const job = isPriceJob(values.job)
    ? prices("job", { job: values.job })
    : quoted
      ? t("customJob", {
          description: quoted.length > CUSTOM_JOB_QUOTE ? `${quoted.slice(0, CUSTOM_JOB_QUOTE - 1)}…` : quoted,
        })
      : prices("job", { job: "other" });
  const all = {
    station: "",
    driverName: "",
    driverEmail: "",
    driverPhone: "",
    reason: "",
    message: "",
    address: "",
    extra: "",
    decision: "",
    by: "",
    outcome: "",
    toSide: "driver",
    slots: "",
    time: "",
    note: "",
    icsUrl: "",
    ...rest,
    slotTime: slot ? format.dateTime(slot.start, { dateStyle: "full", timeStyle: "short" }) : "",
    minutes: slot?.minutes ?? 0,
    hasPhone: values.driverPhone ? "yes" : "no",
    hasMessage: values.message ? "yes" : "no",
    amount: format.number(amount ?? 0, UAH),
    confirmHours: JOB_CONFIRM_HOURS,
    hasNote: values.note ? "yes" : "no",
    hasOffer: offerPrice ? "yes" : "no",
    offer: offerPrice
      ? t("answerOffer", { price: offerPrice, time: offerTime, hasTime: offerTime ? "yes" : "no" })
      : "",
    hasTime: values.time ? "yes" : "no",
    job,
    car: car ? t("car", { ...car, year: String(car.year) }) : "",
    when: !when
      ? ""
      : "asap" in when
        ? t("whenAsap")
        : t("whenRange", {
            // Formatted here, not by the message's `{from, date, long}`: next-intl 4's precompiled
            // messages (next.config.ts, icu-minify) drop the date style and would write 11/24/2026.
            from: day(when.from),
            to: day(when.to),
            partOfDay: when.partOfDay ?? "none",
          }),
    declined: declined ? "yes" : "no",
    answers: answers ?? 0,
    reminderHours: REQUEST_REMINDER_HOURS,
    openHours: values.openHours ?? REQUEST_OPEN_HOURS,
  };
  const intro = t(`${kind}Intro`, all);
  const text = [intro, link].filter(Boolean).join("\n");
  const html = [
    // Paragraphs and line breaks as written (a quoted message keeps its lines).
    ...intro.split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`),
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : "",
  ].join("");
  return { to, subject: t(`${kind}Subject`, all), text, html, locale, kind: `request.${kind}` };
}

/** Where a mail to a service's owner about one request leads: that request in their inbox. */
export const inboxPathOf = (requestId: string) => `/requests/inbox?request=${requestId}`;

/**
 * The mail of `kind` to the person `userId` (whose address and language `to` and `locale` are),
 * through notify: by e-mail, Telegram and push as they chose, in the caller's transaction.
 */
export function notifyRequest(
  tx: Prisma.TransactionClient,
  userId: string,
  ...args: Parameters<typeof composeRequestMail>
): Promise<Notified> {
  const mail = composeRequestMail(...args);
  return notify(tx, userId, { mail, link: args[4] });
}
