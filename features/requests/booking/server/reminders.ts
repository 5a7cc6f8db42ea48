import "server-only";

import type { Locale } from "next-intl";

import { localePath } from "@/features/accounts/server/account-mail";
import { BOOKING_REMINDER_HOURS, type BookingReminder } from "@/features/requests/rules";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

import { inboxPathOf, notifyRequest } from "../../server/request-mail";

/**
 * The reminders of agreed slots, by the "booking-reminders" job (jobs.ts, every 10 minutes): both sides of a
 * booking whose slot is confirmed (or still holds while new times are proposed) are mailed
 * BOOKING_REMINDER_HOURS.day and .soon hours before it, each once, in their own language. The
 * booking's row records each reminder in the transaction that writes its mails, claimed with SKIP
 * LOCKED: two instances running the job at once send each reminder once, and a mail provider that
 * is down holds the mail in the outbox (retried there) without the reminder being written again.
 * The shortly-before reminder goes first, and also marks the day-before one, so a job that was
 * down for a day sends one mail, not two at once. Nothing goes for a slot begun or ended, nor for
 * one agreed after its reminder's time (the confirmation mail was the reminder).
 */
const HOUR_MS = 3_600_000;
const MAX_BATCHES = 20;

const COLUMN: Record<BookingReminder, Prisma.Sql> = {
  day: Prisma.raw(`"remindedDayAt"`),
  soon: Prisma.raw(`"remindedHoursAt"`),
};

type DueBooking = {
  id: string;
  start: Date;
  minutes: number;
  requestId: string;
  job: string;
  description: string;
  driverLocale: Locale;
  driverEmail: string;
  driverId: string;
  driverName: string;
  driverBlocked: boolean;
  station: string;
  address: string;
  ownerId: string | null;
  ownerEmail: string | null;
  ownerName: string | null;
  ownerLocale: Locale | null;
  ownerBlocked: boolean | null;
};

/** One kind of reminder for every booking due it; returns how many mails were written. */
async function remind(kind: BookingReminder, now: Date, batch: number): Promise<number> {
  const prisma = await getPrisma();
  const column = COLUMN[kind];
  const lead = BOOKING_REMINDER_HOURS[kind] * HOUR_MS;
  let mailed = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const { claimed, sent } = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueBooking[]>`
        SELECT b.id, b.start, b.minutes, r.id AS "requestId", r.job, r.description,
          r.locale::text AS "driverLocale", d.id AS "driverId", d.email AS "driverEmail", d.name AS "driverName",
          d."isBlocked" AS "driverBlocked", s.name AS station, s.address,
          o.id AS "ownerId", o.email AS "ownerEmail", o.name AS "ownerName", o.locale::text AS "ownerLocale", o."isBlocked" AS "ownerBlocked"
        FROM quote_bookings b
          JOIN quote_requests r ON r.id = b."requestId"
          JOIN users d ON d.id = r."driverId"
          JOIN services s ON s.id = b."serviceId"
          LEFT JOIN users o ON o.id = s."ownerId"
        WHERE b.status IN ('confirmed', 'rescheduled') AND b.${column} IS NULL
          AND b.start > ${now} AND b.start <= ${new Date(now.getTime() + lead)}
          AND b."confirmedAt" <= b.start - make_interval(hours => ${BOOKING_REMINDER_HOURS[kind]}::int)
        ORDER BY b.start LIMIT ${batch} FOR UPDATE OF b SKIP LOCKED`;
      let written = 0;
      for (const row of due) {
        const slot = { start: row.start, minutes: row.minutes };
        const values = { job: row.job, description: row.description, station: row.station, slot };
        // A blocked account cannot sign in to move the time: it is not reminded.
        if (!row.driverBlocked) {
          await notifyRequest(
            tx,
            row.driverId,
            "bookingReminderDriver",
            row.driverEmail,
            row.driverLocale,
            { ...values, name: row.driverName, address: row.address },
            localePath(row.driverLocale, `/requests/${row.requestId}`),
          );
          written++;
        }
        if (row.ownerEmail && row.ownerLocale && !row.ownerBlocked) {
          await notifyRequest(
            tx,
            row.ownerId!,
            "bookingReminderService",
            row.ownerEmail,
            row.ownerLocale,
            { ...values, name: row.ownerName ?? "", driverName: row.driverName },
            localePath(row.ownerLocale, inboxPathOf(row.requestId)),
          );
          written++;
        }
      }
      if (due.length) {
        const ids = due.map((row) => row.id);
        await tx.quoteBooking.updateMany({
          where: { id: { in: ids } },
          data: kind === "soon" ? { remindedHoursAt: now } : { remindedDayAt: now },
        });
        // The day-before reminder is not sent after the shortly-before one.
        if (kind === "soon")
          await tx.quoteBooking.updateMany({
            where: { id: { in: ids }, remindedDayAt: null },
            data: { remindedDayAt: now },
          });
      }
      return { claimed: due.length, sent: written };
    });
    mailed += sent;
    if (claimed < batch) break;
  }
  return mailed;
}

/** Both reminders, the shortly-before one first. Returns how many mails were written. */
export async function remindBookings(now: Date = new Date(), batch = 50): Promise<number> {
  return (await remind("soon", now, batch)) + (await remind("day", now, batch));
}
