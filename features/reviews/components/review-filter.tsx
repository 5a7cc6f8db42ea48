"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";

/**
 * "Verified visits only": the list stays server-rendered; the checkbox only sets a data attribute
 * that hides unverified items through CSS (group-data-[verified-only=true]:hidden on each item).
 */
export function ReviewFilter({ children }: { children: ReactNode }) {
  const t = useTranslations("Review");
  const [only, setOnly] = useState(false);
  return (
    <div className="group" data-verified-only={only}>
      <label className="mt-3 inline-flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={only} onChange={(event) => setOnly(event.target.checked)} className="size-4" />
        {t("verifiedOnly")}
      </label>
      {children}
    </div>
  );
}
