"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { postJson } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";
import { HOURS_REPORT_KINDS } from "@/features/hours/rules";

/** The service page: a visitor says in one tap that the hours are wrong or the place has closed for good. */
export function HoursReport({ serviceId }: { serviceId: string }) {
  const t = useTranslations("HoursFreshness");
  const ta = useTranslations("Account");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function report(kind: (typeof HOURS_REPORT_KINDS)[number]) {
    setBusy(true);
    try {
      await postJson(`/api/items/${serviceId}/hours-reports`, { kind }, "POST", ta("networkError"));
      setSent(true);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

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
