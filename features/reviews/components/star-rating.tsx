import { useTranslations } from "next-intl";
import type { CSSProperties } from "react";

import { isRated, starsFor } from "@/features/reviews/rating";

/**
 * Half-star display out of 5; the label carries the number for screen readers. One element whose
 * stars are two repeated backgrounds (app/globals.css, .stars): grey ones, and amber ones cut at
 * the rating; the star is symmetric, so a half star is its left half. Five inline SVGs per rating
 * weighed about 1.7 KB per card, twice over (the HTML and the page's flight data).
 */
export function StarRating({
  value,
  label,
  suffix,
  newLabel,
}: {
  value: number;
  label: string;
  suffix?: string;
  /** The badge's word where "New" has to agree with a noun other than a service (Ukrainian: a station is «Нова»). */
  newLabel?: string;
}) {
  if (!isRated(value)) {
    return (
      <p className="flex items-center gap-1.5 text-sm">
        <NewBadge label={newLabel} />
        {suffix ? <span className="text-slate-500">({suffix})</span> : null}
      </p>
    );
  }
  const filled = starsFor(value).reduce((sum, star) => sum + (star === "full" ? 1 : star === "half" ? 0.5 : 0), 0);
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <span role="img" aria-label={label} className="stars" style={{ "--filled": `${filled}rem` } as CSSProperties} />
      <span className="font-semibold">{value.toFixed(1)}</span>
      {suffix ? <span className="star-suffix text-slate-500">({suffix})</span> : null}
    </p>
  );
}

/** In place of the stars of a service no review counts yet (features/reviews/rating.ts, isRated): "New", not a rating of 0. */
export function NewBadge({ label }: { label?: string }) {
  const t = useTranslations("Services");
  return (
    <span className="rounded-full border border-brand-100 bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
      {label ?? t("new")}
    </span>
  );
}
