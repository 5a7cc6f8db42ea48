"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { useAction } from "@/components/ui/use-action";
import { HOURS_REPORT_KINDS } from "@/features/hours/rules";

/** The service page: a visitor says in one tap that the hours are wrong or the place has closed for good. */
export function HoursReport({ serviceId }: { serviceId: string }) {
  const t = useTranslations("HoursFreshness");
  const [sent, setSent] = useState(false);
  const { busy, run } = useAction();

  const report = (kind: (typeof HOURS_REPORT_KINDS)[number]) =>
    run(
      { url: `/api/items/${serviceId}/hours-reports`, body: { kind } },
      { then: () => setSent(true), refresh: false },
    );

  if (sent) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-700">
        {t("reported")}
      </p>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">{t("reportTitle")}</span>
      {HOURS_REPORT_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          disabled={busy}
          onClick={() => void report(kind)}
          className="rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-50 disabled:opacity-60"
        >
          {kind === "wrong_hours" ? t("reportWrong") : t("reportClosed")}
        </button>
      ))}
    </div>
  );
}
