import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { OfflineReturn } from "@/features/offline/components/offline-return";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Offline" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

/**
 * What the service worker (public/sw.js) shows offline for a page this device has no copy of,
 * in that page's language: kept when the worker is installed, so it needs no network itself. It
 * offers what does work offline: the Saved list (phone numbers included) and the pages kept.
 */
export default async function OfflinePage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations("Offline");
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="offline-title">
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="mx-auto size-16 text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.6 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.5-2M13 10a10 10 0 0 1 6 2.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
      </svg>
      <h1 id="offline-title" className="mt-4 text-2xl font-semibold">
        {t("title")}
      </h1>
      <p className="mt-3 text-slate-700">{t("text")}</p>
      <ClientMessages route="offline">
        <OfflineReturn />
      </ClientMessages>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Link
          href="/cart"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium hover:bg-slate-50"
        >
          {t("saved")}
        </Link>
        <Link
          href="/home"
          className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium hover:bg-slate-50"
        >
          {t("home")}
        </Link>
      </div>
    </section>
  );
}
