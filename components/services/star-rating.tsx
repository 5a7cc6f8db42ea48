import { starsFor } from "@/lib/rating";

/** Half-star display out of 5; the label carries the number for screen readers. */
export function StarRating({ value, label, suffix }: { value: number; label: string; suffix?: string }) {
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <span role="img" aria-label={label} className="flex text-amber-500">
        {starsFor(value).map((star, index) => (
          <svg key={index} viewBox="0 0 20 20" className="size-4" aria-hidden>
            <defs>
              <linearGradient id={`half-${index}`}>
                <stop offset="50%" stopColor="currentColor" />
                <stop offset="50%" stopColor="#cbd5e1" />
              </linearGradient>
            </defs>
            <path
              fill={star === "full" ? "currentColor" : star === "half" ? `url(#half-${index})` : "#cbd5e1"}
              d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z"
            />
          </svg>
        ))}
      </span>
      <span className="font-semibold">{value.toFixed(1)}</span>
      {suffix ? <span className="text-slate-500">({suffix})</span> : null}
    </p>
  );
}
