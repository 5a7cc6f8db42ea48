import "server-only";

import type { Locale } from "next-intl";

import { PUBLISHED_WHERE } from "@/domain/service/server/published";
import { localePath, notifyInTransaction } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { HiddenReviewsAnswer, QueueItem, ReportQueue } from "@/features/reviews/answers";
import { moderationInput, reportInput } from "@/features/reviews/schema";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { translate } from "@/lib/http/answers";
import { AppError, isUniqueViolation, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import { take } from "@/lib/security/rate-limit";
import type { z } from "@/lib/zod";

import { recomputeAggregates } from "./reviews";
import { lockReviewedServices } from "./service-lock";
import { reporterWeight, reweighReviewer } from "./weights";

/**
 * Open reports whose reporters' weights (features/reviews/weight.ts, the same rule as a review's,
 * without a visit) add up to this hide a review pending an admin's decision. One report could be
 * a grudge; three established people agreeing is worth acting on before a moderator gets there,
 * and the review comes back with one click if they were wrong. Fresh accounts weigh 0.05–0.1, so a
 * handful of them made for the purpose only put the review in the admin's queue, never hide it.
 */
export const REPORT_WEIGHT_TO_HIDE = 3;

/**
 * One report per person per review. Every open report puts the review in the moderation queue;
 * reports from reporters with enough weight between them also hide it until an admin decides.
 */
export async function reportReview(
  viewer: Viewer | null,
  serviceId: string,
  reviewId: string,
  body: unknown,
): Promise<{ message: string }> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId) || !isUuid(reviewId)) throw new NotFoundError();
  const input = parseOrThrow(reportInput, body);
  const prisma = await getPrisma();
  const review = await prisma.review.findFirst({
    where: { id: reviewId, serviceId, service: PUBLISHED_WHERE },
    select: { userId: true },
  });
  if (!review) throw new NotFoundError();
  if (review.userId === viewer.id) throw new AppError(403, "Review.reportOwn");
  if (
    await prisma.reviewReport.findUnique({
      where: { reviewId_userId: { reviewId, userId: viewer.id } },
      select: { id: true },
    })
  )
    throw new AppError(409, "Review.alreadyReported");
  await take("reviewReport", viewer.id);
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      await lockReviewedServices(tx, [serviceId]);
      try {
        await tx.reviewReport.create({ data: { reviewId, userId: viewer.id, reason: input.reason, text: input.text } });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, "Review.alreadyReported");
        throw error;
      }
      const reporters = await tx.reviewReport.findMany({
        where: { reviewId, resolvedAt: null },
        select: { userId: true },
      });
      let weight = 0;
      for (const { userId } of reporters) weight += await reporterWeight(tx, userId);
      if (weight < REPORT_WEIGHT_TO_HIDE - 1e-9) return;
      const open = reporters.length;
      const { count } = await tx.review.updateMany({
        where: { id: reviewId, hiddenAt: null },
        data: { hiddenAt: new Date(), hiddenReason: "pending" },
      });
      if (count === 0) return;
      await recomputeAggregates(tx, serviceId);
      await writeAudit(tx, null, "review.autoHide", "review", reviewId, { reports: open, weight });
    }),
  );
  return { message: "Review.reported" };
}

const QUEUE_LIMIT = 100;

/**
 * Reviews with open reports, and services flagged for a burst. "reported" (the default) puts the
 * most-reported first, newest report breaking ties; "newest" orders by the last report only.
 */
export async function reportQueue(viewer: Viewer | null, sort: string | null): Promise<ReportQueue> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  const [reviews, services] = await Promise.all([
    prisma.review.findMany({
      where: { reports: { some: { resolvedAt: null } } },
      include: {
        service: { select: { id: true, name: true } },
        user: { select: { name: true } },
        reports: {
          where: { resolvedAt: null },
          orderBy: { createdAt: "desc" },
          include: { user: { select: { name: true } } },
        },
      },
    }),
    prisma.service.findMany({
      where: { burstFlaggedAt: { not: null } },
      orderBy: { burstFlaggedAt: "desc" },
      select: {
        id: true,
        name: true,
        burstFlaggedAt: true,
        burstDirection: true,
        _count: { select: { reviews: { where: { heldAt: { not: null } } } } },
      },
    }),
  ]);
  const items = reviews.map((review): QueueItem => ({
    _id: review.id,
    service: { _id: review.service.id, name: review.service.name },
    reviewer: review.user.name,
    rating: { quality: review.quality, speed: review.speed, price: review.price, avg: review.avg },
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
    hidden: review.hiddenReason,
    reports: review.reports.map((report) => ({
      _id: report.id,
      reason: report.reason,
      text: report.text,
      by: report.user.name,
      createdAt: report.createdAt.toISOString(),
    })),
    lastReportAt: review.reports[0]!.createdAt.toISOString(),
  }));
  const byNewest = (a: QueueItem, b: QueueItem) => b.lastReportAt.localeCompare(a.lastReportAt);
  items.sort(sort === "newest" ? byNewest : (a, b) => b.reports.length - a.reports.length || byNewest(a, b));
  return {
    items: items.slice(0, QUEUE_LIMIT),
    flagged: services.map((service) => ({
      _id: service.id,
      name: service.name,
      flaggedAt: service.burstFlaggedAt!.toISOString(),
      // Flags raised before directions were kept were all for low reviews.
      direction: service.burstDirection ?? "low",
      held: service._count.reviews,
    })),
  };
}

/**
 * Hidden reviews, the most recently hidden first, for the admin to look at again: a hide is not
 * final, and moderateReview's "restore" brings one back from here.
 */
export async function hiddenReviews(viewer: Viewer | null): Promise<z.infer<typeof HiddenReviewsAnswer>> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  const rows = await prisma.review.findMany({
    where: { hiddenAt: { not: null } },
    orderBy: [{ hiddenAt: "desc" }, { id: "desc" }],
    take: QUEUE_LIMIT,
    include: { service: { select: { id: true, name: true } }, user: { select: { name: true } } },
  });
  return {
    items: rows.map((review) => ({
      _id: review.id,
      service: { _id: review.service.id, name: review.service.name },
      reviewer: review.user.name,
      rating: { avg: review.avg },
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
      hiddenAt: review.hiddenAt!.toISOString(),
      hidden: review.hiddenReason ?? "pending",
    })),
  };
}

type Person = { name: string; email: string; locale: Locale };

/**
 * hide: the review shows the reason instead of its text and stops counting; restore: it is shown
 * and counted again; dismiss: the reports are closed and the review stays as it is, except that
 * an automatic "pending" hide, which only the reports caused, is lifted. Every decision closes the
 * open reports, goes to the audit log, and is mailed to the reviewer (when their review changed)
 * and to each reporter.
 */
export async function moderateReview(
  viewer: Viewer | null,
  reviewId: string,
  body: unknown,
): Promise<{ message: string }> {
  requireAccess(viewer, "admin");
  if (!isUuid(reviewId)) throw new NotFoundError();
  const input = parseOrThrow(moderationInput, body);
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const review = await tx.review.findUnique({
        where: { id: reviewId },
        select: {
          serviceId: true,
          userId: true,
          hiddenReason: true,
          service: { select: { name: true } },
          user: { select: { id: true, name: true, email: true, locale: true } },
          reports: {
            where: { resolvedAt: null },
            select: { user: { select: { id: true, name: true, email: true, locale: true } } },
          },
        },
      });
      if (!review) throw new NotFoundError();
      // Before any review is written: this one's service and every service the reweighing touches.
      const reviewed = await tx.review.findMany({ where: { userId: review.userId }, select: { serviceId: true } });
      await lockReviewedServices(tx, [review.serviceId, ...reviewed.map((row) => row.serviceId)]);
      const hide = input.action === "hide";
      const show = input.action === "restore" || (input.action === "dismiss" && review.hiddenReason === "pending");
      if (hide)
        await tx.review.update({ where: { id: reviewId }, data: { hiddenAt: new Date(), hiddenReason: input.reason } });
      if (show) await tx.review.update({ where: { id: reviewId }, data: { hiddenAt: null, hiddenReason: null } });
      await tx.reviewReport.updateMany({
        where: { reviewId, resolvedAt: null },
        data: { resolvedAt: new Date(), outcome: hide ? "hidden" : "kept" },
      });
      // A moderator's hide (or its reversal) is part of the reviewer's history: their reviews'
      // weights follow, and so do the services those are on.
      const { changedServices } = await reweighReviewer(tx, review.userId);
      for (const id of new Set([review.serviceId, ...changedServices].sort())) await recomputeAggregates(tx, id);
      await writeAudit(
        tx,
        viewer.id,
        `review.${input.action}`,
        "review",
        reviewId,
        hide ? { reason: input.reason, reports: review.reports.length } : { reports: review.reports.length },
      );

      const link = (person: Person) => localePath(person.locale, `/service/${review.serviceId}#review-${reviewId}`);
      const station = review.service.name;
      const reviewer = review.user;
      if (hide) {
        await notifyInTransaction(
          tx,
          "reviewHidden",
          reviewer,
          { name: reviewer.name, station, reason: translate(reviewer.locale, `Review.hidden.${input.reason}`) },
          link(reviewer),
        );
      } else if (show && review.hiddenReason !== null) {
        await notifyInTransaction(tx, "reviewRestored", reviewer, { name: reviewer.name, station }, link(reviewer));
      }
      for (const { user } of review.reports)
        await notifyInTransaction(
          tx,
          hide ? "reportHidden" : "reportKept",
          user,
          { name: user.name, station },
          link(user),
        );
    }),
  );
  return { message: `Review.moderated.${input.action}` };
}

/** The admin has looked at a burst: the notice goes and the held reviews count again. */
export async function clearBurst(viewer: Viewer | null, serviceId: string): Promise<{ message: string }> {
  requireAccess(viewer, "admin");
  if (!isUuid(serviceId)) throw new NotFoundError();
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      await lockReviewedServices(tx, [serviceId]);
      const service = await tx.service.findUnique({ where: { id: serviceId }, select: { burstFlaggedAt: true } });
      if (!service?.burstFlaggedAt) throw new NotFoundError();
      const { count } = await tx.review.updateMany({
        where: { serviceId, heldAt: { not: null } },
        data: { heldAt: null },
      });
      await tx.service.update({ where: { id: serviceId }, data: { burstFlaggedAt: null, burstDirection: null } });
      await recomputeAggregates(tx, serviceId);
      await writeAudit(tx, viewer.id, "service.burstClear", "service", serviceId, { released: count });
    }),
  );
  return { message: "Review.burstCleared" };
}
