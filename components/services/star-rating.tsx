import { starsFor } from "@/lib/rating";

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";
// The star is symmetric about x = 10, so a half star is its left half drawn over a grey one: no
// gradient, whose id would repeat once per star on a page of cards.
const LEFT_HALF = "M10 1.5V14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/** Half-star display out of 5; the label carries the number for screen readers. */
export function StarRating({ value, label, suffix }: { value: number; label: string; suffix?: string }) {
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <span role="img" aria-label={label} className="flex text-amber-500">
        {starsFor(value).map((star, index) => (
          <svg key={index} viewBox="0 0 20 20" className="size-4" aria-hidden>
            <path fill={star === "full" ? "currentColor" : "#cbd5e1"} d={STAR} />
            {star === "half" ? <path fill="currentColor" d={LEFT_HALF} /> : null}
          </svg>
        ))}
      </span>
      <span className="font-semibold">{value.toFixed(1)}</span>
      {suffix ? <span className="text-slate-500">({suffix})</span> : null}
    </p>
  );
}
