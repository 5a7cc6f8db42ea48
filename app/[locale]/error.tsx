"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

import { Link } from "@/i18n/navigation";
import { reportCaughtError } from "@/lib/telemetry/caught-error";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("Error");
  // Reported when error reports are on (SENTRY_DSN): a boundary's error reaches no window handler.
  useEffect(() => reportCaughtError(error), [error]);
  return (
    <section role="alert" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("text")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          onClick={reset}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
        >
          {t("retry")}
        </button>
        <Link href="/home" className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium">
          {t("home")}
        </Link>
      </div>
    </section>
  );
}
