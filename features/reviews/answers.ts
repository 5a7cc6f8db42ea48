import type { BurstDirection } from "@/features/reviews/burst-rule";
import { z } from "@/lib/zod";

import { REPORT_REASONS } from "./rules";

/** The answers of the review routes, as the OpenAPI document describes them. */

export const reviewSavedAnswer = z
  .object({
    _id: z.guid(),
    avg: z.number().meta({ description: "The review's average of its three scores." }),
    verified: z.boolean().meta({
      description: "A visit code (given, or bound to the driver by a confirmed job of a request) verified it.",
    }),
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

export type OwnReview = z.infer<typeof OwnReviewAnswer>;
/**
 * Everything a service page offers its viewer around the reviews, read per viewer and never part
 * of the page the page cache keeps: what they may write (state), their own review (to prefill the
 * form), the reviews they reported, and whether they may reply (the owner or an admin).
 */
export type ReviewerView = z.infer<typeof ReviewerViewAnswer>;
/** What the detail page offers the viewer: the sign-in prompt, nothing (own service), or the form. */
export type ReviewerState = ReviewerView["state"];
export type QueueItem = z.infer<typeof QueueItemAnswer>;
export type FlaggedService = z.infer<typeof FlaggedServiceAnswer>;
export type ReportQueue = z.infer<typeof ReportQueueAnswer>;
export type HiddenReview = z.infer<typeof HiddenReviewAnswer>;

export const ReviewAnswer = z
  .object({
    _id: z.guid(),
    name: z.string(),
    rating: z.object({ quality: z.number(), speed: z.number(), price: z.number(), avg: z.number() }),
    /** The reason is shown instead while it is hidden. */
    comment: z.string().meta({ description: '"" while hidden.' }),
    createdAt: z.iso.datetime(),
    verified: z.boolean(),
    reply: z.object({ text: z.string(), at: z.iso.datetime() }).nullable(),
    /** Hidden by a moderator, or by enough reports ("pending"). */
    hidden: z
      .enum(["pending", "spam", "offensive", "notAVisit", "conflict", "other"])
      .nullable()
      .meta({ description: "Why it is hidden; null when shown." }),
    held: z.boolean().meta({ description: "Held out of the averages while a burst of low reviews is checked." }),
  })
  .meta({ id: "Review" });

/** A review as the service page and GET /api/items/{id} show it. */
export type ReviewView = z.infer<typeof ReviewAnswer>;
