"use client";

import { useTranslations } from "next-intl";

import { Link } from "@/i18n/navigation";

/** A request's page or the list could not be read (the database away, a bug): say so, offer to try again. */
export default function RequestsError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("Error");
  const tr = useTranslations("MyRequests");
  return (
    <section role="alert" className="mx-auto max-w-xl space-y-3 py-12 text-center">
      <h1 className="text-2xl font-semibold">{tr("loadError")}</h1>
      <p className="text-slate-600">{t("text")}</p>
      <div className="flex flex-col gap-3 pt-4 sm:flex-row sm:justify-center">
        <button
          type="button"
          onClick={reset}
          className="min-h-11 rounded-lg bg-brand-600 px-5 font-medium whitespace-nowrap text-white hover:bg-brand-700"
        >
          {t("retry")}
        </button>
        <Link
          href="/requests"
          className="grid min-h-11 place-items-center rounded-lg border border-slate-300 px-5 font-medium"
        >
          {tr("back")}
        </Link>
      </div>
    </section>
  );
}
