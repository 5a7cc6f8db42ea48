import type { ZodOpenApiPathsObject } from "zod-openapi";

import {
  HiddenReviewsAnswer,
  replyAnswer,
  ReportQueueAnswer,
  reviewDeletedAnswer,
  ReviewerViewAnswer,
  reviewSavedAnswer,
  visitCodeAnswer,
} from "@/features/reviews/answers";
import { moderationInput, replyInput, reportInput, reviewInput } from "@/features/reviews/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, messageBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

const reviewPath = idPath.extend({ reviewId: z.string().meta({ description: "The review's id (a UUID)." }) });
const reviewIdPath = z.object({ reviewId: z.string().meta({ description: "The review's id (a UUID)." }) });

const REPLY =
  "The service's owner (or an admin, for a claimed place) answers a review once; the reply can be changed or deleted.";

export const paths: ZodOpenApiPathsObject = {
  "/api/items/{id}/reviews": {
    post: {
      tags: ["Reviews"],
      security: SESSION,
      summary: "Write or change one's review",
      description:
        "One review per account and service: a second post changes it. Three scores of 1 to 5, a comment, optionally a visit code from the service (it marks the review verified) and what was paid for which job. New reviews are throttled per account and per address; edits are not. Owners cannot review their own service.",
      requestParams: { path: idPath },
      requestBody: jsonBody(reviewInput),
      responses: {
        "201": jsonAnswer("The review as saved.", reviewSavedAnswer),
        ...errorAnswers(400, 401, 403, 404, 413, 415, 429),
      },
    },
  },
  "/api/items/{id}/reviews/mine": {
    get: {
      tags: ["Reviews"],
      summary: "The viewer's side of a service's reviews",
      description:
        "What a service page offers its viewer: the sign-in prompt, nothing on their own service, or the form (with their own review to fill it); the reviews they reported; whether they may reply. Signed out, the anonymous state.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The viewer's state.", ReviewerViewAnswer),
        ...errorAnswers(),
      },
    },
  },
  "/api/items/{id}/reviews/{reviewId}": {
    delete: {
      tags: ["Reviews"],
      security: SESSION,
      summary: "Delete one's review",
      description: "The author deletes their review; the service's averages are counted again.",
      requestParams: { path: reviewPath },
      responses: {
        "200": jsonAnswer("Deleted.", reviewDeletedAnswer),
        ...errorAnswers(401, 403, 404, 415),
      },
    },
  },
  "/api/items/{id}/reviews/{reviewId}/reply": {
    post: {
      tags: ["Reviews"],
      security: SESSION,
      summary: "Reply to a review",
      description: `${REPLY} 409 when a reply is already there.`,
      requestParams: { path: reviewPath },
      requestBody: jsonBody(replyInput),
      responses: {
        "201": jsonAnswer("The reply.", replyAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
    put: {
      tags: ["Reviews"],
      security: SESSION,
      summary: "Change a reply",
      description: `${REPLY} 404 when there is no reply to change.`,
      requestParams: { path: reviewPath },
      requestBody: jsonBody(replyInput),
      responses: {
        "200": jsonAnswer("The reply.", replyAnswer),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
    delete: {
      tags: ["Reviews"],
      security: SESSION,
      summary: "Delete a reply",
      description: `${REPLY} 404 when there is no reply to delete.`,
      requestParams: { path: reviewPath },
      responses: {
        "200": jsonAnswer("No reply any more.", replyAnswer),
        ...errorAnswers(401, 403, 404, 415),
      },
    },
  },
  "/api/items/{id}/reviews/{reviewId}/report": {
    post: {
      tags: ["Reviews"],
      security: SESSION,
      summary: "Report a review",
      description:
        'Anyone signed in but its author reports a review once, with a reason ("other" needs words). Enough reports hide it until a moderator decides. Throttled per account.',
      requestParams: { path: reviewPath },
      requestBody: jsonBody(reportInput),
      responses: {
        "201": jsonAnswer("The report is recorded: a translated sentence.", messageBody),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429),
      },
    },
  },
  "/api/items/{id}/visit-codes": {
    post: {
      tags: ["Reviews"],
      security: SESSION,
      summary: "Issue a visit code",
      description:
        "The owner hands a client a one-time code that marks their review as a verified visit. Limited per service: outstanding codes grow with codes used, and a daily throttle.",
      requestParams: { path: idPath },
      responses: {
        "201": jsonAnswer("The code, when it expires and the link to the review form.", visitCodeAnswer),
        ...errorAnswers(401, 403, 404, 415, 429),
      },
    },
  },
  "/api/items/admin/reports": {
    get: {
      tags: ["Reviews", "Admin"],
      security: SESSION,
      summary: "The moderation queue",
      description:
        "For admins: reviews with open reports (`sort=reported`, the default, most reported first; `newest`: by the last report) and services flagged for a burst of reviews; with `view=hidden` the hidden reviews instead, to restore.",
      requestParams: {
        query: z.object({
          sort: z.enum(["reported", "newest"]).optional(),
          view: z.enum(["hidden"]).optional(),
        }),
      },
      responses: {
        "200": jsonAnswer(
          "The queue, or with view=hidden the hidden reviews.",
          z.union([ReportQueueAnswer, HiddenReviewsAnswer]),
        ),
        ...errorAnswers(401, 403),
      },
    },
  },
  "/api/items/admin/reports/{reviewId}": {
    post: {
      tags: ["Reviews", "Admin"],
      security: SESSION,
      summary: "Decide on a review",
      description:
        "hide (with a reason): the review shows the reason instead of its text and stops counting; restore: shown and counted again; dismiss: the reports are closed. Every decision closes the open reports, is audited and mailed to the reviewer and the reporters.",
      requestParams: { path: reviewIdPath },
      requestBody: jsonBody(moderationInput),
      responses: {
        "200": jsonAnswer("Done: a translated sentence.", messageBody),
        ...errorAnswers(400, 401, 403, 404, 413, 415),
      },
    },
  },
  "/api/items/admin/{id}/burst": {
    delete: {
      tags: ["Reviews", "Admin"],
      security: SESSION,
      summary: "Clear a burst flag",
      description: "An admin clears a service's burst flag: its held reviews count again. 404 when it is not flagged.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("Cleared: a translated sentence.", messageBody),
        ...errorAnswers(401, 403, 404, 415),
      },
    },
  },
};
