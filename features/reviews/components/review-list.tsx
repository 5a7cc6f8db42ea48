import { getTranslations } from "next-intl/server";

import type { ReviewerView, ReviewView } from "@/features/reviews/answers";

import { ReviewFilter } from "./review-filter";
import { ReviewItem } from "./review-item";
import { ReviewerPrompt, ReviewerProvider } from "./reviewer";

/**
 * The reviews of a service page and what the viewer may do with them: the public list comes from
 * the cached service, the same for every visitor; who owns which review, what they reported and
 * what they may write is the viewer's own (reviewer.tsx), "unknown" in a page rendered for the page
 * cache.
 */
export async function ReviewList({
  service,
  reviewer,
}: {
  /** What the list reads of the service page's service. */
  service: { _id: string; reviews: ReviewView[]; burstFlagged: boolean };
  reviewer: ReviewerView | "unknown";
}) {
  const [t, tr] = await Promise.all([getTranslations("ServiceDetail"), getTranslations("Review")]);

  const list = (
    <ul className="mt-3 space-y-3">
      {service.reviews.map((review) => (
        <ReviewItem key={review._id} review={review} />
      ))}
    </ul>
  );
  return (
    <ReviewerProvider serviceId={service._id} reviewer={reviewer}>
      {service.burstFlagged ? (
        <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-900">
          {tr("burstNotice")}
        </p>
      ) : null}
      {service.reviews.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-100 p-4 text-slate-700">{t("noReviews")}</p>
      ) : service.reviews.some((review) => review.verified) ? (
        <ReviewFilter>{list}</ReviewFilter>
      ) : (
        list
      )}
      <ReviewerPrompt />
    </ReviewerProvider>
  );
}
