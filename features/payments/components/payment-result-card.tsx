import type { ReactNode } from "react";

import { Spinner } from "@/components/ui/spinner";

export type ResultTone = "waiting" | "success" | "failure" | "notice";

const TONE: Record<ResultTone, { ring: string; icon: ReactNode }> = {
  waiting: { ring: "bg-brand-50 text-brand-700", icon: <Spinner className="size-7 border-[3px]" /> },
  success: {
    ring: "bg-emerald-100 text-emerald-700",
    icon: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  },
  failure: { ring: "bg-red-100 text-red-700", icon: <path d="M7 7l10 10M17 7L7 17" /> },
  notice: { ring: "bg-amber-100 text-amber-800", icon: <path d="M12 7v6m0 4h.01" /> },
};

/**
 * One state of a card payment's result page (and of its loading screen): a round sign, a heading,
 * what happened and what can be done next. `live`: the card is a status announced as it changes.
 */
export function PaymentResultCard({
  tone,
  title,
  children,
  actions,
  live = false,
}: {
  tone: ResultTone;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  live?: boolean;
}) {
  const { ring, icon } = TONE[tone];
  return (
    <section
      aria-labelledby="payment-result-title"
      aria-busy={tone === "waiting"}
      className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center sm:p-8"
    >
      <div className={`mx-auto grid size-14 place-items-center rounded-full ${ring}`}>
        {tone === "waiting" ? (
          icon
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
            {icon}
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
