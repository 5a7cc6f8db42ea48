import "server-only";

import { createTranslator, type Locale } from "next-intl";

import { localePath } from "@/features/accounts/server/account-mail";
import { notify } from "@/features/notifications/server/notify";
import { MESSAGES } from "@/i18n/messages";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { escapeHtml, type Mail } from "@/lib/mail/outbox";

/**
 * How often owners hear of new reviews (jobs.ts runs the digest this often; its claim in job_runs
 * keeps each run to one instance), so an owner gets at most one review mail an hour however many
 * reviews arrive. Hourly rather than daily: an owner should be able to answer a bad review the
 * same day, while a flood of reviews still costs them one mail an hour.
 */
export const REVIEW_DIGEST_EVERY_MS = 60 * 60_000;
/** Reviews listed one by one per service; more are counted, with a link to the service's page. */
const LISTED_PER_SERVICE = 10;

type Pending = {
  reviewId: string;
  serviceId: string;
  service: string;
  avg: number;
  reviewer: string;
  ownerId: string;
  ownerName: string;
  email: string;
  locale: Locale;
};

/**
 * One run of the owners' digest: every owner with new reviews (pending in review_digest_pending)
 * gets one mail listing them per service, in the owner's language. The mail is queued in the
 * outbox and the reviews' pending rows deleted in one transaction, so a digest is neither lost nor
 * sent twice; rows locked by an overlapping run are skipped, not waited for. Hidden reviews wait
 * (they are listed if restored), and so do reviews held in a burst check: a wave of twenty is the
 * admin's to judge first, not twenty lines in the owner's mail. Reviews that arrive during the run
 * wait for the next one.
 * Returns how many mails were queued.
 */
export async function sendReviewDigests(batch = 50, now = new Date()): Promise<number> {
  const prisma = await getPrisma();
  let sent = 0;
  for (;;) {
    const mailed = await prisma.$transaction((tx) => digestBatch(tx, batch, now));
    sent += mailed;
    // A short batch is the last (an owner whose rows another run holds counts as not mailed, so this ends).
    if (mailed < batch) break;
  }
  return sent;
}

async function digestBatch(tx: Prisma.TransactionClient, batch: number, now: Date): Promise<number> {
  const owners = await tx.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT s."ownerId" AS id FROM review_digest_pending p
      JOIN reviews r ON r.id = p."reviewId" JOIN services s ON s.id = r."serviceId" JOIN users u ON u.id = s."ownerId"
    WHERE p."createdAt" <= ${now} AND r."hiddenAt" IS NULL AND r."heldAt" IS NULL AND u."isBlocked" = false
    LIMIT ${batch}`;
  if (!owners.length) return 0;
  const rows = await tx.$queryRaw<Pending[]>`
    SELECT p."reviewId", r."serviceId", s.name AS service, r.avg, author.name AS reviewer,
      s."ownerId", u.name AS "ownerName", u.email, u.locale::text AS locale
    FROM review_digest_pending p
      JOIN reviews r ON r.id = p."reviewId" JOIN services s ON s.id = r."serviceId"
      JOIN users u ON u.id = s."ownerId" JOIN users author ON author.id = r."userId"
    WHERE s."ownerId" = ANY(${owners.map((owner) => owner.id)}::uuid[]) AND p."createdAt" <= ${now} AND r."hiddenAt" IS NULL AND r."heldAt" IS NULL
    ORDER BY s.name, s.id, r."createdAt"
    FOR UPDATE OF p SKIP LOCKED`;
  const byOwner = groupBy(rows, (row) => row.ownerId);
  for (const [ownerId, reviews] of byOwner)
    await notify(tx, ownerId, {
      mail: composeReviewDigest(reviews),
      link: localePath(reviews[0]!.locale, `/service/${reviews[0]!.serviceId}#reviews`),
    });
  if (rows.length)
    await tx.reviewDigestPending.deleteMany({ where: { reviewId: { in: rows.map((row) => row.reviewId) } } });
  return byOwner.size;
}

/** One owner's digest: their new reviews (all rows of one owner, ordered by service). */
function composeReviewDigest(reviews: Pending[]): Mail {
  const { email, locale, ownerName } = reviews[0]!;
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Mail" });
  const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const intro = t("reviewDigestIntro", { name: ownerName });
  const text: string[] = [intro];
  const html: string[] = [`<p>${escapeHtml(intro)}</p>`];
  for (const service of groupBy(reviews, (row) => row.serviceId).values()) {
    const { serviceId, service: name } = service[0]!;
    const average = service.reduce((sum, row) => sum + row.avg, 0) / service.length;
    const heading = t("reviewDigestService", { service: name, count: service.length, avg: rating.format(average) });
    text.push("", heading);
    html.push(`<p><strong>${escapeHtml(heading)}</strong></p><ul>`);
    for (const row of service.slice(0, LISTED_PER_SERVICE)) {
      const line = t("reviewDigestReview", { reviewer: row.reviewer, avg: rating.format(row.avg) });
      const link = localePath(locale, `/service/${serviceId}#review-${row.reviewId}`);
      text.push(`${line} ${link}`);
      html.push(`<li>${escapeHtml(line)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`);
    }
    html.push("</ul>");
    const more = service.length - LISTED_PER_SERVICE;
    if (more > 0) {
      const line = t("reviewDigestMore", { count: more });
      const link = localePath(locale, `/service/${serviceId}`);
      text.push(`${line} ${link}`);
      html.push(`<p>${escapeHtml(line)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`);
    }
  }
  return {
    to: email,
    subject: t("reviewDigestSubject", { count: reviews.length }),
    text: text.join("\n"),
    html: html.join(""),
    locale,
    kind: "reviewDigest",
  };
}

/** Rows grouped by a key in first-seen order (Map.groupBy, which Node 20 lacks). */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
