import "server-only";

import type { Locale } from "next-intl";

import { publishedSql } from "@/domain/service/server/published";
import { localePath } from "@/features/accounts/server/account-mail";
import { hoursOpen, REQUEST_REMINDER_HOURS } from "@/features/requests/rules";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

import { confirmJobsPastDeadline } from "../job/server/auto-confirm";
import { inboxPathOf, notifyRequest } from "./request-mail";
import { refreshAllResponseFigures } from "./response-figures";

/**
 * The "quote-requests" job (jobs.ts, every 10 minutes): closes open requests whose time is up (72
 * hours, or 4 for one wanted as soon as possible: the request's expiresAt),
 * reminds once each service that has left a request unanswered for REQUEST_REMINDER_HOURS, and
 * counts as confirmed a job done that its driver left unanswered
 * for JOB_CONFIRM_HOURS (job/server/auto-confirm.ts), and brings every service's response figures up to date. Rows are claimed with SKIP LOCKED and each
 * mail written in the transaction that records it, so two instances running the job at once send
 * each mail once; a batch that fails rolls back with its mails.
 */
const HOUR_MS = 3_600_000;
/** Batches one run takes at most of each kind; the rest waits for the next run. */
const MAX_BATCHES = 20;
const PUBLISHED = Prisma.raw(publishedSql("s"));

export async function runQuoteRequestJobs(now: Date = new Date()) {
  // Closing first: a request whose time is up needs no reminder (after a long outage, say).
  const expired = await expireRequests(now);
  const reminded = await remindUnanswered(now);
  const jobsConfirmed = await confirmJobsPastDeadline(now);
  const figures = await refreshAllResponseFigures(now);
  return expired || reminded || jobsConfirmed || figures ? { expired, reminded, jobsConfirmed, figures } : null;
}

type DueTarget = {
  id: string;
  requestId: string;
  job: string;
  description: string;
  station: string;
  userId: string | null;
  email: string | null;
  locale: Locale;
  ownerName: string;
  sentAt: Date;
  expiresAt: Date;
  /** Whether the service can still answer (published, owner not blocked): otherwise no mail. */
  reachable: boolean;
};

/**
 * One reminder per target still `sent` on an open request REQUEST_REMINDER_HOURS after it was sent,
 * to the service's owner in their language. A target whose service can no longer answer (blocked,
 * unpublished since) is marked reminded without a mail, so it is not looked at again. Returns how
 * many mails were written.
 */
export async function remindUnanswered(now: Date = new Date(), batch = 50): Promise<number> {
  const prisma = await getPrisma();
  const before = new Date(now.getTime() - REQUEST_REMINDER_HOURS * HOUR_MS);
  let mailed = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const { claimed, sent } = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueTarget[]>`
        SELECT t.id, t."requestId", r.job, r.description, s.name AS station, u.id AS "userId", u.email, u.locale::text AS locale, u.name AS "ownerName",
          r."createdAt" AS "sentAt", r."expiresAt",
          (${PUBLISHED} AND u."isBlocked" = false) AS reachable
        FROM quote_targets t
          JOIN quote_requests r ON r.id = t."requestId"
          JOIN services s ON s.id = t."serviceId"
          LEFT JOIN users u ON u.id = s."ownerId"
        WHERE t.status = 'sent' AND t."remindedAt" IS NULL AND t."createdAt" <= ${before}
          AND r.status = 'open' AND r."expiresAt" > ${now}
        ORDER BY t."createdAt" LIMIT ${batch} FOR UPDATE OF t SKIP LOCKED`;
      let written = 0;
      for (const row of due) {
        if (!row.reachable || !row.email) continue;
        await notifyRequest(
          tx,
          row.userId!,
          "reminder",
          row.email,
          row.locale,
          {
            name: row.ownerName,
            station: row.station,
            job: row.job,
            description: row.description,
            openHours: hoursOpen(row.sentAt, row.expiresAt),
          },
          localePath(row.locale, inboxPathOf(row.requestId)),
        );
        written++;
      }
      if (due.length)
        await tx.quoteTarget.updateMany({ where: { id: { in: due.map((row) => row.id) } }, data: { remindedAt: now } });
      return { claimed: due.length, sent: written };
    });
    mailed += sent;
    if (claimed < batch) break;
  }
  return mailed;
}

type DueRequest = {
  id: string;
  job: string;
  description: string;
  locale: Locale;
  userId: string;
  email: string;
  driverName: string;
  driverBlocked: boolean;
  answers: number;
  sentAt: Date;
  expiresAt: Date;
};

/**
 * Open requests whose time is up (expiresAt: 72 hours after sending, 4 as soon as possible) close: status expired, closed
 * by "time"; their targets not yet answered or still waiting on the driver are cancelled, so no
 * inbox lists them as new. The driver is told in the request's language, with how many answers
 * came. An accepted request never expires (only open ones are picked). Returns how many closed.
 */
export async function expireRequests(now: Date = new Date(), batch = 50): Promise<number> {
  const prisma = await getPrisma();
  let closed = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const count = await prisma.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueRequest[]>`
        SELECT r.id, r.job, r.description, r.locale::text AS locale, u.id AS "userId", u.email, u.name AS "driverName",
          u."isBlocked" AS "driverBlocked", r."createdAt" AS "sentAt", r."expiresAt",
          (SELECT count(*) FROM quote_answers a WHERE a."requestId" = r.id AND NOT a.decline)::int AS answers
        FROM quote_requests r JOIN users u ON u.id = r."driverId"
        WHERE r.status = 'open' AND r."expiresAt" <= ${now}
        ORDER BY r."expiresAt" LIMIT ${batch} FOR UPDATE OF r SKIP LOCKED`;
      if (!due.length) return 0;
      const ids = due.map((row) => row.id);
      await tx.quoteRequest.updateMany({
        where: { id: { in: ids }, status: "open" },
        data: { status: "expired", closedBy: "time", closedAt: now },
      });
      await tx.quoteTarget.updateMany({
        where: { requestId: { in: ids }, status: { in: ["sent", "answered"] } },
        data: { status: "cancelled" },
      });
      for (const row of due) {
        // A blocked driver cannot sign in to read the request: nothing to tell them.
        if (row.driverBlocked) continue;
        await notifyRequest(
          tx,
          row.userId,
          "expired",
          row.email,
          row.locale,
          {
            name: row.driverName,
            job: row.job,
            description: row.description,
            answers: Number(row.answers),
            openHours: hoursOpen(row.sentAt, row.expiresAt),
          },
          localePath(row.locale, `/requests/${row.id}`),
        );
      }
      return due.length;
    });
    closed += count;
    if (count < batch) break;
  }
  return closed;
}
