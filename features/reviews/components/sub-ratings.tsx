import { getTranslations } from "next-intl/server";

import { RATING_ASPECTS, type RatingTriple } from "@/features/reviews/rating";

/** The three averages every review gives (quality, speed, price), as bars with their numbers. */
export async function SubRatings({ rating }: { rating: RatingTriple }) {
  const [t, tr] = await Promise.all([getTranslations("ServiceDetail"), getTranslations("Review")]);
  return (
    <dl aria-label={t("subRatings")} className="grid max-w-sm gap-1.5 text-sm">
      {RATING_ASPECTS.map((aspect) => (
        <div key={aspect} className="grid grid-cols-[5.5rem_1fr] items-center gap-2">
          <dt className="text-slate-600">{tr(aspect)}</dt>
          <dd className="flex items-center gap-2">
            <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200">
              <span
                className="block h-full rounded-full bg-amber-500"
                style={{ width: `${(rating[aspect] / 5) * 100}%` }}
              />
            </span>
            <span className="w-10 text-right font-semibold tabular-nums">
              {rating[aspect].toFixed(1)}
              <span className="sr-only"> {t("outOfFive")}</span>
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
