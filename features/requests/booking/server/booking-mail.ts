import "server-only";

import { createFormatter, createTranslator, type Locale } from "next-intl";

import { PRICE_JOBS, type PriceJob } from "@/domain/service/jobs";
import { localePath } from "@/features/accounts/server/account-mail";
import { MESSAGES } from "@/i18n/messages";
import { appUrl } from "@/lib/site";

import type { AcceptedJobRow } from "../../server/job-access";
import { inboxPathOf, notifyRequest, type RequestMailKind } from "../../server/request-mail";
import type { Tx } from "../../server/request-view";
import { BOOKING_TIME_ZONE, type BookingSide } from "../rules";

/** How a slot reads to someone: "Monday, 14 December 2026, 10:00–11:30". */
export function slotText(locale: Locale, start: Date, minutes: number): string {
  const format = createFormatter({ locale, timeZone: BOOKING_TIME_ZONE });
  const end = new Date(start.getTime() + minutes * 60_000);
  const day = format.dateTime(start, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const time = (at: Date) => format.dateTime(at, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${day}, ${time(start)}–${time(end)}`;
}

const isPriceJob = (job: string): job is PriceJob => (PRICE_JOBS as readonly string[]).includes(job);

/** The job of a request in a language: the catalogue's name, or the driver's own words. */
export function jobLabel(locale: Locale, job: string, description: string): string {
  const prices = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Prices" });
  if (isPriceJob(job)) return prices("job", { job });
  const quoted = description.replace(/\s+/g, " ").trim();
  if (!quoted) return prices("job", { job: "other" });
  return quoted.length > 60 ? `${quoted.slice(0, 59)}…` : quoted;
}

/** The absolute address of a request's booking as an .ics file. */
export const icsUrlOf = (requestId: string) => `${appUrl()}/api/requests/${requestId}/booking.ics`;

/**
 * A booking's mail to one side of the job, in that side's language: the driver on the request's
 * page, the shop's owner in the inbox. A shop whose owner is gone or blocked is not mailed.
 */
export async function mailSide(
  tx: Tx,
  request: AcceptedJobRow,
  to: BookingSide,
  kind: RequestMailKind,
  values: {
    reason?: string;
    note?: string;
    slots?: { start: Date; minutes: number }[];
    time?: { start: Date; minutes: number } | null;
    ics?: boolean;
  },
): Promise<void> {
  const service = request.acceptedAnswer.service;
  const recipient =
    to === "driver"
      ? { id: request.driver.id, email: request.driver.email, locale: request.locale, name: request.driver.name }
      : service.owner && !service.owner.isBlocked
        ? { id: service.owner.id, email: service.owner.email, locale: service.owner.locale, name: service.owner.name }
        : null;
  if (!recipient) return;
  const { locale } = recipient;
  await notifyRequest(
    tx,
    recipient.id,
    kind,
    recipient.email,
    locale,
    {
      name: recipient.name,
      job: request.job,
      description: request.description,
      station: service.name,
      toSide: to,
      reason: values.reason ?? "",
      note: values.note ?? "",
      slots: (values.slots ?? []).map((slot) => `• ${slotText(locale, slot.start, slot.minutes)}`).join("\n"),
      time: values.time ? slotText(locale, values.time.start, values.time.minutes) : "",
      icsUrl: values.ics ? icsUrlOf(request.id) : "",
    },
    to === "driver" ? localePath(locale, `/requests/${request.id}`) : localePath(locale, inboxPathOf(request.id)),
  );
}
