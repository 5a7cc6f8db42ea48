"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";

import { ActionButton } from "@/components/ui/action-button";
import { getPathname } from "@/i18n/navigation";

type Issued = { code: string; expiresAt: string; path: string };

/** /mystos: a one-time visit code for a customer, with the link that opens the review form with it. */
export function VisitCodeButton({ serviceId }: { serviceId: string }) {
  const t = useTranslations("VisitCodes");
  const ta = useTranslations("Account");
  const format = useFormatter();
  const locale = useLocale();
  const [issued, setIssued] = useState<Issued | null>(null);
  const id = useId();

  return (
    <div className="w-full space-y-2">
      <ActionButton<Issued>
        url={`/api/items/${serviceId}/visit-codes`}
        body={{}}
        refresh={false}
        then={setIssued}
        busyLabel={ta("working")}
        className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {t("issue")}
      </ActionButton>
      {issued ? (
        <div role="status" className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm">
          <p>{t("issued", { date: format.dateTime(new Date(issued.expiresAt), { dateStyle: "medium" }) })}</p>
          <p className="font-mono text-2xl font-bold tracking-widest" data-testid="visit-code">
            {issued.code}
          </p>
          <label htmlFor={id} className="block font-medium">
            {t("link")}
          </label>
          <input
            id={id}
            readOnly
            value={`${window.location.origin}${getPathname({ href: issued.path, locale })}`}
            onFocus={(event) => event.target.select()}
            className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
          />
          <p className="text-slate-600">{t("explain")}</p>
        </div>
      ) : null}
    </div>
  );
}
