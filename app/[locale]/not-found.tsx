import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { Link } from "@/i18n/navigation";

/**
 * The title of a page's notFound() (a missing service): Next 16.4.6 sends that 404 as its own
 * shell (app/not-found.tsx says why) with the layouts' metadata and this, and the robots noindex.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Metadata");
  return { title: t("notFoundTitle") };
}

export default async function NotFound() {
  const t = await getTranslations("NotFound");
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-bold text-brand-600" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/stos" className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
          {t("action")}
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
