"use client";

import { useTranslations } from "next-intl";

import { ActionButton } from "@/components/ui/action-button";

export function DismissHoursReports({ serviceId }: { serviceId: string }) {
  const t = useTranslations("HoursFreshness");
  return (
    <ActionButton
      url={`/api/items/admin/hours-reports/${serviceId}`}
      method="DELETE"
      success={t("dismissed")}
      className="ml-auto rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-60"
    >
      {t("dismiss")}
    </ActionButton>
  );
}
