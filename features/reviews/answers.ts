import type { BurstDirection } from "@/features/reviews/burst-rule";
import type { ReviewView } from "@/features/reviews/review-view";
import type { OwnReview, ReviewerView } from "@/features/reviews/reviewer-view";
import type {
  FlaggedService,
  HiddenReview,
  hiddenReviews,
  QueueItem,
  ReportQueue,
} from "@/features/reviews/server/moderation";
import type { replyToReview, upsertReview } from "@/features/reviews/server/reviews";
import type { issueVisitCode } from "@/features/reviews/server/visit-codes";
import type { SameShape } from "@/lib/same-shape";
import { z } from "@/lib/zod";

import { REPORT_REASONS } from "./rules";

/** The answers of the review routes, as the OpenAPI document describes them. */

export const reviewSavedAnswer = z
  .object({
    _id: z.guid(),
    avg: z.number().meta({ description: "The review's average of its three scores." }),
    verified: z.boolean().meta({ description: "A visit code (given or bound to an accepted request) verified it." }),
  })
  .meta({ id: "ReviewSaved" });

export const replyAnswer = z
  .object({
    reply: z
      .object({ text: z.string(), at: z.iso.datetime() })
      .nullable()
      .meta({ description: "The reply as it stands; null once deleted." }),
  })
  .meta({ id: "ReviewReply" });

export const reviewDeletedAnswer = z.object({ deleted: z.literal(true) });

export const visitCodeAnswer = z
  .object({
    code: z.string(),
    expiresAt: z.iso.datetime(),
    path: z.string().meta({ description: "The service page's review form with the code filled in." }),
  })
  .meta({ id: "VisitCode" });

export const OwnReviewAnswer = z
  .object({
    _id: z.guid(),
    rating: z.object({ quality: z.number(), speed: z.number(), price: z.number() }),
    comment: z.string(),
    paidJob: z.string().nullable(),
    paidUah: z.number().nullable(),
  })
  .meta({ id: "OwnReview" });

export const ReviewerViewAnswer = z
  .object({
    state: z
      .enum(["anonymous", "owner", "reviewed", "new"])
      .meta({ description: "What the page offers: the sign-in prompt, nothing (own service), or the form." }),
    own: OwnReviewAnswer.nullable(),
    reported: z.array(z.guid()).meta({ description: "The reviews of this service the viewer reported." }),
    canReply: z.boolean(),
  })
  .meta({ id: "ReviewerView" });

const hiddenReason = z.enum(["pending", ...REPORT_REASONS]);

const QueueItemAnswer = z
  .object({
    _id: z.guid(),
    service: z.object({ _id: z.guid(), name: z.string() }),
    reviewer: z.string(),
    rating: z.object({ quality: z.number(), speed: z.number(), price: z.number(), avg: z.number() }),
    comment: z.string(),
    createdAt: z.iso.datetime(),
    hidden: hiddenReason.nullable(),
    reports: z.array(
      z.object({
        _id: z.guid(),
        reason: z.enum(REPORT_REASONS),
        text: z.string(),
        by: z.string(),
        createdAt: z.iso.datetime(),
      }),
    ),
    lastReportAt: z.iso.datetime(),
  })
  .meta({ id: "ReportedReview" });

const FlaggedServiceAnswer = z
  .object({
    _id: z.guid(),
    name: z.string(),
    flaggedAt: z.iso.datetime(),
    direction: z.enum(["high", "low"] satisfies BurstDirection[]),
    held: z.number().int().meta({ description: "How many of its reviews are held out of the averages." }),
  })
  .meta({ id: "BurstFlaggedService" });

export const ReportQueueAnswer = z
  .object({ items: z.array(QueueItemAnswer), flagged: z.array(FlaggedServiceAnswer) })
  .meta({ id: "ReportQueue", description: "Reported reviews (at most 100) and services flagged for a burst." });

const HiddenReviewAnswer = z
  .object({
    _id: z.guid(),
    service: z.object({ _id: z.guid(), name: z.string() }),
    reviewer: z.string(),
    rating: z.object({ avg: z.number() }),
    comment: z.string(),
    createdAt: z.iso.datetime(),
    hiddenAt: z.iso.datetime(),
    hidden: hiddenReason,
  })
  .meta({ id: "HiddenReview" });

export const HiddenReviewsAnswer = z
  .object({ items: z.array(HiddenReviewAnswer) })
  .meta({ id: "HiddenReviews", description: "Hidden reviews, the most recently hidden first (at most 100)." });

export const ownReviewAgrees: SameShape<OwnReview, z.infer<typeof OwnReviewAnswer>> = true;
export const reviewerViewAgrees: SameShape<ReviewerView, z.infer<typeof ReviewerViewAnswer>> = true;
export const queueItemAgrees: SameShape<QueueItem, z.infer<typeof QueueItemAnswer>> = true;
export const flaggedServiceAgrees: SameShape<FlaggedService, z.infer<typeof FlaggedServiceAnswer>> = true;
export const reportQueueAgrees: SameShape<ReportQueue, z.infer<typeof ReportQueueAnswer>> = true;
export const hiddenReviewAgrees: SameShape<HiddenReview, z.infer<typeof HiddenReviewAnswer>> = true;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
export const reviewSavedAgrees: SameShape<Answer<typeof upsertReview>, z.infer<typeof reviewSavedAnswer>> = true;
export const replyAgrees: SameShape<Answer<typeof replyToReview>, z.infer<typeof replyAnswer>> = true;
export const visitCodeAgrees: SameShape<Answer<typeof issueVisitCode>, z.infer<typeof visitCodeAnswer>> = true;
export const hiddenReviewsAgrees: SameShape<Answer<typeof hiddenReviews>, z.infer<typeof HiddenReviewsAnswer>> = true;

export const ReviewAnswer = z
  .object({
    _id: z.guid(),
    name: z.string(),
    rating: z.object({ quality: z.number(), speed: z.number(), price: z.number(), avg: z.number() }),
    comment: z.string().meta({ description: '"" while hidden.' }),
    createdAt: z.iso.datetime(),
    verified: z.boolean(),
    reply: z.object({ text: z.string(), at: z.iso.datetime() }).nullable(),
    hidden: z
      .enum(["pending", "spam", "offensive", "notAVisit", "conflict", "other"])
      .nullable()
      .meta({ description: "Why it is hidden; null when shown." }),
    held: z.boolean().meta({ description: "Held out of the averages while a burst of low reviews is checked." }),
  })
  .meta({ id: "Review" });

export const reviewAgrees: SameShape<ReviewView, z.infer<typeof ReviewAnswer>> = true;
