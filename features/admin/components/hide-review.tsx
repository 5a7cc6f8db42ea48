"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { REPORT_REASONS } from "@/features/reviews/rules";

import { InboxAction } from "./inbox-action";

/** Hide with the reason visitors will read in place of the text. */
export function HideReview({ url, suggested }: { url: string; suggested: (typeof REPORT_REASONS)[number] }) {
  const t = useTranslations("Admin");
  const tr = useTranslations("Review");
  const [reason, setReason] = useState(suggested);
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t("hideAs")}
      </label>
      <select
        id={id}
        value={reason}
        onChange={(event) => setReason(event.target.value as typeof reason)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {REPORT_REASONS.map((value) => (
          <option key={value} value={value}>
            {tr(`reasons.${value}`)}
          </option>
        ))}
      </select>
      <InboxAction url={url} method="POST" body={{ action: "hide", reason }} label={t("hide")} />
    </div>
  );
}
