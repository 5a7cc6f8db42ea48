"use client";

import { useLocale, useTranslations } from "next-intl";

import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { ReviewView } from "@/features/reviews/answers";
import { StarRating } from "@/features/reviews/components/star-rating";
import { RATING_ASPECTS } from "@/features/reviews/rating";
import { langOfText } from "@/lib/text-language";

import { OwnMarker, ReviewTools } from "./reviewer";
import { useAspectLabels } from "./use-aspect-labels";

/**
 * The calendar day (YYYY-MM-DD) an instant falls on in Ukraine: a review written at 00:30 in Kyiv
 * is still the day before in UTC. The zone is fixed, so the server's HTML and the browser agree.
 */
const KYIV_DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: DEFAULT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
/** Assembled from the parts, not a locale's pattern, so every engine gives the same text. */
function dayInUkraine(iso: string): string {
  const parts = Object.fromEntries(KYIV_DAY.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * One review of a service page, rendered from its data: as a server component each review sent its
 * rendered tree in the page's flight data besides the HTML (~1.1 KB a review); as data, ~0.3 KB.
 * What the viewer may do with it (OwnMarker, ReviewTools) comes from the reviewer context.
 */
export function ReviewItem({ review }: { review: ReviewView }) {
  const t = useTranslations("ServiceDetail");
  const tr = useTranslations("Review");
  const aspectLabels = useAspectLabels();
  // A review or reply written in the other language is marked so, for screen readers and hyphenation.
  const locale = useLocale();
  return (
    <li
      id={`review-${review._id}`}
      className={`review ${review.verified ? "" : "group-data-[verified-only=true]:hidden"}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          <span>{review.name}</span>
          <OwnMarker reviewId={review._id} />
        </p>
        <time dateTime={review.createdAt} className="text-sm text-slate-500">
          {dayInUkraine(review.createdAt)}
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
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
            {RATING_ASPECTS.map((aspect) => (
              <span key={aspect}>
                {aspectLabels[aspect]} <span className="font-semibold text-slate-800">{review.rating[aspect]}</span>
              </span>
            ))}
          </p>
          {review.comment ? (
            <p lang={langOfText(review.comment, locale)} className="mt-2 whitespace-pre-line text-slate-700">
              {review.comment}
            </p>
          ) : null}
        </>
      )}
      {review.held ? <p className="mt-2 text-sm text-amber-800">{tr("heldNote")}</p> : null}
      {review.reply ? (
        <div className="mt-3 border-l-4 border-brand-100 bg-brand-50 py-2 pr-2 pl-3">
          <p className="text-sm font-semibold">
            {tr("replyFromOwner")}{" "}
            {/* Slate-600 on the reply's brand-50: 6.97:1 (500 made 4.38:1, under WCAG's 4.5). */}
            <time dateTime={review.reply.at} className="font-normal text-slate-600">
              {dayInUkraine(review.reply.at)}
            </time>
          </p>
          <p lang={langOfText(review.reply.text, locale)} className="mt-1 whitespace-pre-line text-slate-700">
            {review.reply.text}
          </p>
        </div>
      ) : null}
      <ReviewTools
        reviewId={review._id}
        author={review.name}
        hidden={review.hidden !== null}
        reply={review.reply?.text ?? null}
      />
    </li>
  );
}
