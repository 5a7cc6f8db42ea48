import { useFormatter, useTranslations } from "next-intl";

import { responseDuration, responsePercent } from "../response-wording";

/** A card leaves them out while unknown; the API and the pages say null. */
export type ResponseFiguresView = { responseTime?: number | null; responseRate?: number | null };

function useWords({ responseTime = null, responseRate = null }: ResponseFiguresView) {
  const t = useTranslations("ResponseFigures");
  const format = useFormatter();
  // "Within" takes its own case in Ukrainian (протягом 2 днів), "answers in" another (за 2 дні).
  const within = responseTime === null ? null : t("durationWithin", responseDuration(responseTime));
  const duration = responseTime === null ? null : t("duration", responseDuration(responseTime));
  const rate = responseRate === null ? null : format.number(responsePercent(responseRate), { style: "percent" });
  return { t, within, duration, rate };
}

/**
 * Near a service's rating: "Usually answers within 2 h · answers 90% of requests". Nothing until
 * the service has taken enough requests for either figure (both null before that).
 */
export function ResponseFigures({ figures, className = "" }: { figures: ResponseFiguresView; className?: string }) {
  const { t, within, rate } = useWords(figures);
  if (within === null && rate === null) return null;
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      <svg aria-hidden viewBox="0 0 16 16" className="mr-1.5 inline-block size-4 align-[-3px] text-teal-700">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      {within !== null ? t("within", { duration: within }) : null}
      {within !== null && rate !== null ? " · " : null}
      {rate !== null ? (within !== null ? t("rate", { rate }) : t("rateAlone", { rate })) : null}
    </p>
  );
}

/** The short form on a list card: "Answers within 2 h", the whole sentence in its title. */
export function ResponseFigureChip({ figures, className = "" }: { figures: ResponseFiguresView; className?: string }) {
  const { t, within, duration, rate } = useWords(figures);
  if (duration === null && rate === null) return null;
  const short = duration !== null ? t("short", { duration }) : t("shortRate", { rate: rate ?? "" });
  const whole = [
    within !== null ? t("within", { duration: within }) : null,
    rate !== null ? t("rateAlone", { rate }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <span title={whole} className={`rounded-full bg-teal-50 text-teal-900 ${className}`}>
      {short}
    </span>
  );
}
