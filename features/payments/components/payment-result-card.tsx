import type { ReactNode } from "react";

import { Spinner } from "@/components/ui/spinner";

export type ResultTone = "waiting" | "success" | "failure" | "notice";
/** The sign in the circle: the state in a glance (the heading says it in words). */
export type ResultIcon = "check" | "cross" | "clock" | "return" | "question" | "alert";

const RING: Record<ResultTone, string> = {
  waiting: "bg-brand-50 text-brand-700",
  success: "bg-emerald-100 text-emerald-700",
  failure: "bg-red-100 text-red-700",
  notice: "bg-amber-100 text-amber-800",
};

const ICON: Record<ResultIcon, ReactNode> = {
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  cross: <path d="M7 7l10 10M17 7L7 17" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 8v4.5l3 2" />
    </>
  ),
  return: <path d="M9 7L5 11l4 4M5 11h9a5 5 0 010 10h-2" />,
  question: <path d="M9.5 9a2.5 2.5 0 114 2c-1 .7-1.5 1.3-1.5 2.5M12 17.5h.01" />,
  alert: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 8v4.5M12 16h.01" />
    </>
  ),
};

/**
 * One state of a card payment's result page (and of its loading screen): a round sign, a heading,
 * what happened and what can be done next. `live`: the card is a status announced as it changes.
 */
export function PaymentResultCard({
  tone,
  icon,
  title,
  children,
  actions,
  live = false,
}: {
  tone: ResultTone;
  /** Not for "waiting", which turns a ring. */
  icon?: ResultIcon;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  live?: boolean;
}) {
  return (
    <section
      aria-labelledby="payment-result-title"
      aria-busy={tone === "waiting"}
      className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center sm:p-8"
    >
      <div className={`mx-auto grid size-14 place-items-center rounded-full ${RING[tone]}`}>
        {tone === "waiting" || !icon ? (
          <Spinner className="size-7 border-[3px]" />
        ) : (
          <svg
            aria-hidden
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-7"
          >
            {ICON[icon]}
          </svg>
        )}
      </div>
      <div role={live ? "status" : undefined}>
        <h1 id="payment-result-title" tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
          {title}
        </h1>
        <div className="mt-2 space-y-2 text-slate-700">{children}</div>
      </div>
      {actions ? (
        <div className="mt-6 flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center">{actions}</div>
      ) : null}
    </section>
  );
}

/** The result page's buttons and links share one look: the first is the main way on. */
export const PRIMARY_ACTION =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60";
export const SECONDARY_ACTION =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-medium text-slate-800 hover:bg-slate-50";
