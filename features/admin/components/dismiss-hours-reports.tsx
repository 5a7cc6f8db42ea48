"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { postJson } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";

export function DismissHoursReports({ serviceId }: { serviceId: string }) {
  const t = useTranslations("HoursFreshness");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function dismiss() {
    setBusy(true);
    try {
      await postJson(`/api/items/admin/hours-reports/${serviceId}`, undefined, "DELETE", ta("networkError"));
      toast.success(t("dismissed"));
      router.refresh();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void dismiss()}
      disabled={busy}
      className="ml-auto rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-60"
    >
      {t("dismiss")}
    </button>
  );
}
