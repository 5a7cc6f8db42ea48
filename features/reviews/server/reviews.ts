import "server-only";

import { managesService, ownsService } from "@/domain/service/server/ownership";
import { PUBLISHED_WHERE } from "@/domain/service/server/published";
import { localePath, notifyInTransaction } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type {
  OwnReview,
  replyAnswer,
  ReviewerState,
  ReviewerView,
  reviewSavedAnswer,
} from "@/features/reviews/answers";
import { NOBODY_REVIEWING } from "@/features/reviews/reviewer-view";
import { replyInput, reviewInput } from "@/features/reviews/schema";
import { FULL_WEIGHT } from "@/features/reviews/weight";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { take } from "@/lib/security/rate-limit";
import type { z } from "@/lib/zod";

import { checkBurst } from "./burst";
import { recomputeScores } from "./rating-scores";
import { lockReviewedServices } from "./service-lock";
import { redeemBoundVisitCode, redeemVisitCode } from "./visit-codes";
import { weighReview } from "./weights";

/**
 * One review per user per service: a second post replaces the first. The service's averages and
 * count are recomputed from its reviews in the same transaction, so they never drift. A visit
 * code marks the review verified, typed or bound to the reviewer by a confirmed job of a request for a price
 * (features/reviews/server/visit-codes.ts). A new review (not an edit) is counted by the review throttles,
 * per account and per client address, and waits for the owner's digest (review-digest.ts).
 */
export async function upsertReview(
  viewer: Viewer | null,
  serviceId: string,
  body: unknown,
  address: string,
): Promise<z.infer<typeof reviewSavedAnswer>> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId)) throw new NotFoundError();
  const input = parseOrThrow(reviewInput, body);
  const prisma = await getPrisma();
  // Edits are not counted: they add no review and reach nobody's inbox, and a driver fixing a typo
  // must not be refused. Counted before the transaction (the throttle writes on its own connection);
  // two first posts at once both count, which errs on the safe side.
  const known = await prisma.review.findUnique({
    where: { userId_serviceId: { userId: viewer.id, serviceId } },
    select: { id: true },
  });
  if (!known) {
    await take("review", viewer.id);
    await take("reviewAddress", address);
  }
  const { quality, speed, price } = input.rating;
  const avg = Math.round(((quality + speed + price) / 3) * 100) / 100;
  const result = await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      await lockReviewedServices(tx, [serviceId]);
      const service = await tx.service.findFirst({
        where: { id: serviceId, ...PUBLISHED_WHERE },
        select: { id: true, ownerId: true },
      });
      if (!service) throw new NotFoundError();
      if (ownsService(viewer, service)) throw new AppError(403, "Auth.ownService");
      const existing = await tx.review.findUnique({
        where: { userId_serviceId: { userId: viewer.id, serviceId } },
        select: { id: true },
      });
      const review = await tx.review.upsert({
        where: { userId_serviceId: { userId: viewer.id, serviceId } },
        create: {
          userId: viewer.id,
          serviceId,
          quality,
          speed,
          price,
          avg,
          comment: input.comment,
          paidJob: input.paidJob,
          paidUah: input.paidUah,
        },
        update: { quality, speed, price, avg, comment: input.comment, paidJob: input.paidJob, paidUah: input.paidUah },
      });
      let verified = review.verified;
      if (input.visitCode) {
        await redeemVisitCode(tx, serviceId, input.visitCode, review.id);
        verified = true;
      } else if (!verified) {
        // Only while unverified: an edit of a verified review keeps a second accepted request's code.
        verified = await redeemBoundVisitCode(tx, serviceId, viewer.id, review.id);
      }
      await weighReview(tx, review.id);
      await checkBurst(tx, serviceId, review.id);
      await recomputeAggregates(tx, serviceId);
      // A double submit's transactions may each see no review before theirs: the row is kept once.
      // A place nobody has claimed has nobody to tell (whoever claims it later sees its page).
      if (!existing && service.ownerId !== null)
        await tx.reviewDigestPending.createMany({ data: [{ reviewId: review.id }], skipDuplicates: true });
      return { _id: review.id, avg, verified };
    }),
  );
  return { _id: result._id, avg: result.avg, verified: result.verified };
}

/**
 * A code was just bound to `userId` for this service (a confirmed job, inside its transaction): a
 * review they already wrote of it, not verified yet, is verified with it at once, and what a
 * verification changes (its weight, the service's aggregates) is recomputed, as an edit would.
 * Whether a review was verified; the caller then announces the catalogue change after its commit.
 */
export async function verifyWithBoundCode(
  tx: Prisma.TransactionClient,
  serviceId: string,
  userId: string,
): Promise<boolean> {
  await lockReviewedServices(tx, [serviceId]);
  const review = await tx.review.findUnique({
    where: { userId_serviceId: { userId, serviceId } },
    select: { id: true, verified: true },
  });
  if (!review || review.verified) return false;
  if (!(await redeemBoundVisitCode(tx, serviceId, userId, review.id))) return false;
  await weighReview(tx, review.id);
  await recomputeAggregates(tx, serviceId);
  return true;
}

/** The reviewer takes their review back; the aggregates follow in the same transaction. */
export async function deleteOwnReview(viewer: Viewer | null, serviceId: string, reviewId: string): Promise<void> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId) || !isUuid(reviewId)) throw new NotFoundError();
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      await lockReviewedServices(tx, [serviceId]);
      const review = await tx.review.findFirst({ where: { id: reviewId, serviceId }, select: { userId: true } });
      if (!review) throw new NotFoundError();
      if (review.userId !== viewer.id) throw new AppError(403, "Review.notYours");
      await tx.review.delete({ where: { id: reviewId } });
      await recomputeAggregates(tx, serviceId);
    }),
  );
}

type ReplyMode = "create" | "update" | "delete";

/**
 * The service's owner (or an admin) answers a review once, then may edit or remove the answer.
 * The reviewer is mailed about the first answer only, so an owner polishing a sentence does not
 * fill their inbox.
 */
export async function replyToReview(
  viewer: Viewer | null,
  serviceId: string,
  reviewId: string,
  body: unknown,
  mode: ReplyMode,
): Promise<z.infer<typeof replyAnswer>> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(serviceId) || !isUuid(reviewId)) throw new NotFoundError();
  const text = mode === "delete" ? null : parseOrThrow(replyInput, body).text;
  const prisma = await getPrisma();
  const result = await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const review = await tx.review.findFirst({
        where: { id: reviewId, serviceId, service: PUBLISHED_WHERE },
        select: {
          replyText: true,
          service: { select: { name: true, ownerId: true } },
          user: { select: { id: true, name: true, email: true, locale: true } },
        },
      });
      if (!review) throw new NotFoundError();
      // A reply speaks for the business: a place nobody has claimed has nobody to speak for it.
      if (review.service.ownerId === null) throw new AppError(403, "Osm.noOwnerToReply");
      if (!managesService(viewer, review.service)) throw new AppError(403, "Review.notYourService");
      if (mode === "create" && review.replyText !== null) throw new AppError(409, "Review.replyExists");
      if (mode !== "create" && review.replyText === null) throw new NotFoundError("Review.noReply");
      const at = new Date();
      await tx.review.update({
        where: { id: reviewId },
        data: { replyText: text, replyAt: text === null ? null : at },
      });
      if (mode === "create") {
        const { user } = review;
        await notifyInTransaction(
          tx,
          "reviewReply",
          user,
          { name: user.name, station: review.service.name },
          localePath(user.locale, `/service/${serviceId}#review-${reviewId}`),
        );
      }
      return text === null ? null : { text, at: at.toISOString() };
    }),
  );
  return { reply: result };
}

/**
 * A service's averages and count, recomputed from its counted reviews (neither hidden nor held
 * during a burst check; call inside the writing transaction). The averages are weighted by each
 * review's weight (features/reviews/weight.ts), and the summed weight is what the scores count
 * (features/reviews/server/rating-sql.ts): a fresh account's review is shown and counted, but moves
 * the numbers little. The row lock comes first, in its own
 * statement: a concurrent review's transaction waits here until this one commits, and its
 * recompute then sees this review too. Without it two reviews at once each counted only
 * themselves (caught by tests/integration/http/faults.test.ts). NO KEY UPDATE, not UPDATE: the
 * review insert's foreign-key check holds KEY SHARE on this row, which a plain FOR UPDATE would
 * wait on, deadlocking two reviews.
 */
export async function recomputeAggregates(tx: Prisma.TransactionClient, serviceId: string): Promise<void> {
  await lockReviewedServices(tx, [serviceId]);
  await tx.$executeRaw`UPDATE services s SET
      "qualityAvg" = agg.quality, "speedAvg" = agg.speed, "priceAvg" = agg.price, "ratingAvg" = agg.avg, "numReviews" = agg.n,
      "weightSum" = agg.w, "fullReviews" = agg.full, "updatedAt" = now()
    FROM (SELECT coalesce(sum(w * quality) / nullif(sum(w), 0), 0) AS quality, coalesce(sum(w * speed) / nullif(sum(w), 0), 0) AS speed,
                 coalesce(sum(w * price) / nullif(sum(w), 0), 0) AS price, coalesce(sum(w * avg) / nullif(sum(w), 0), 0) AS avg,
                 count(*)::int AS n, coalesce(sum(w), 0) AS w, (count(*) FILTER (WHERE w >= ${FULL_WEIGHT}))::int AS full
          -- In numeric: equal weights give the plain average exactly (0.1 × 3 / 0.1 is 3, not 3.0000000000000004).
          FROM (SELECT weight::numeric AS w, quality, speed, price, avg::numeric AS avg FROM reviews
                WHERE "serviceId" = ${serviceId}::uuid AND "hiddenAt" IS NULL AND "heldAt" IS NULL) counted) agg
    WHERE s.id = ${serviceId}::uuid`;
  await recomputeScores(tx, serviceId);
}

/**
 * What a service page offers its viewer around the reviews (features/reviews/reviewer-view.ts): the sign-in
 * prompt, nothing on their own service, or the form (filled with their review when they wrote one).
 */
export async function reviewerView(viewer: Viewer | null, serviceId: string): Promise<ReviewerView> {
  if (!viewer) return NOBODY_REVIEWING;
  const [service, { own, reported }] = await Promise.all([
    isUuid(serviceId)
      ? (await getPrisma()).service.findUnique({ where: { id: serviceId }, select: { ownerId: true } })
      : null,
    viewerReviewState(viewer, serviceId),
  ]);
  const state: ReviewerState = service?.ownerId === viewer.id ? "owner" : own ? "reviewed" : "new";
  const owned = service?.ownerId != null;
  return { state, own, reported, canReply: state === "owner" || (viewer.isAdmin && owned) };
}

/**
 * The viewer's side of a service's reviews, never cached with the public page: their own review
 * (to prefill the form) and which reviews they have already reported.
 */
async function viewerReviewState(
  viewer: Viewer | null,
  serviceId: string,
): Promise<{ own: OwnReview | null; reported: string[] }> {
  if (!viewer || !isUuid(serviceId)) return { own: null, reported: [] };
  const prisma = await getPrisma();
  const [own, reports] = await Promise.all([
    prisma.review.findUnique({
      where: { userId_serviceId: { userId: viewer.id, serviceId } },
      select: { id: true, quality: true, speed: true, price: true, comment: true, paidJob: true, paidUah: true },
    }),
    prisma.reviewReport.findMany({ where: { userId: viewer.id, review: { serviceId } }, select: { reviewId: true } }),
  ]);
  const reported = reports.map((report) => report.reviewId);
  return {
    own: own
      ? {
          _id: own.id,
          rating: { quality: own.quality, speed: own.speed, price: own.price },
          comment: own.comment,
          paidJob: own.paidJob,
          paidUah: own.paidUah,
        }
      : null,
    reported,
  };
}
