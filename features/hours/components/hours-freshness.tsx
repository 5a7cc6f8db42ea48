"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import { useState } from "react";

import { ActionButton } from "@/components/ui/action-button";
import type { HoursFreshness } from "@/features/hours/server/hours-freshness";

/** /mystos and the master's profile: when the hours were confirmed, what drivers reported, and Confirm in one tap. */
export function HoursFreshnessPanel({ serviceId, freshness }: { serviceId: string; freshness: HoursFreshness }) {
  const t = useTranslations("HoursFreshness");
  const ta = useTranslations("Account");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const [confirmedAt, setConfirmedAt] = useState(freshness.hoursConfirmedAt);
  const [reports, setReports] = useState(freshness.openReports);

  const reported = reports.wrong_hours + reports.closed_permanently > 0;
  return (
    <div className="flex w-full flex-wrap items-center gap-3 text-sm">
      {/* A confirmation just made is "now", whatever minute the clock last ticked. */}
      <p className="text-slate-700">
        {t("confirmed", {
          ago: format.relativeTime(new Date(confirmedAt), new Date(Math.max(now.getTime(), Date.parse(confirmedAt)))),
        })}
      </p>
      <ActionButton<{ hoursConfirmedAt: string }>
        url={`/api/items/users/${serviceId}/hours-confirmation`}
        body={{}}
        success={t("confirmedNow")}
        refresh={false}
        then={({ hoursConfirmedAt }) => {
          setConfirmedAt(hoursConfirmedAt);
          setReports((current) => ({ ...current, wrong_hours: 0 }));
        }}
        busyLabel={ta("working")}
        className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {t("confirm")}
      </ActionButton>
      {reported ? (
        <p role="status" className="w-full rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
          {t("reports", { wrong: reports.wrong_hours, closed: reports.closed_permanently }).trim()}
        </p>
      ) : null}
    </div>
  );
}
