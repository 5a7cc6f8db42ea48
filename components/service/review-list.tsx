import { getTranslations } from "next-intl/server";
import { ReviewScores } from "@/components/service/sub-ratings";
import { StarRating } from "@/components/services/star-rating";
import type { ReviewerView } from "@/lib/reviewer-view";
import type { ReviewView, ServiceDetail } from "@/lib/server/service-dto";
import { ReviewFilter } from "./review-filter";
import { OwnMarker, ReviewerPrompt, ReviewerProvider, ReviewTools } from "./reviewer";

/**
 * The reviews of a service page and what the viewer may do with them: the public list comes from
 * the cached service, the same for every visitor; who owns which review, what they reported and
 * what they may write is the viewer's own (reviewer.tsx), "unknown" in a page rendered for the page
 * cache.
 */
export async function ReviewList({ service, reviewer }: { service: ServiceDetail; reviewer: ReviewerView | "unknown" }) {
  const [t, tr] = await Promise.all([getTranslations("ServiceDetail"), getTranslations("Review")]);

  const item = (review: ReviewView) => (
    <li
      key={review._id}
      id={`review-${review._id}`}
      className={`scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 ${review.verified ? "" : "group-data-[verified-only=true]:hidden"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          <span>{review.name}</span>
          <OwnMarker reviewId={review._id} />
        </p>
        <time dateTime={review.createdAt} className="text-sm text-slate-500">
          {review.createdAt.slice(0, 10)}
        </time>
      </div>
      {review.verified ? (
        <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
          <span aria-hidden>✔</span> {tr("verified")}
        </p>
      ) : null}
      {review.hidden ? (
        <p className="mt-2 text-slate-600 italic">{tr(`hidden.${review.hidden}`)}</p>
      ) : (
        <>
          <StarRating value={review.rating.avg} label={t("reviewAverage", { value: review.rating.avg.toFixed(1) })} />
          <ReviewScores rating={review.rating} />
          {review.comment ? <p className="mt-2 whitespace-pre-line text-slate-700">{review.comment}</p> : null}
        </>
      )}
      {review.held ? <p className="mt-2 text-sm text-amber-800">{tr("heldNote")}</p> : null}
      {review.reply ? (
        <div className="mt-3 border-l-4 border-brand-100 bg-brand-50 py-2 pr-2 pl-3">
          <p className="text-sm font-semibold">
            {tr("replyFromOwner")}{" "}
            <time dateTime={review.reply.at} className="font-normal text-slate-500">
              {review.reply.at.slice(0, 10)}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{review.reply.text}</p>
        </div>
      ) : null}
      <ReviewTools reviewId={review._id} hidden={review.hidden !== null} reply={review.reply?.text ?? null} />
    </li>
  );

  const list = <ul className="mt-3 space-y-3">{service.reviews.map(item)}</ul>;
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
