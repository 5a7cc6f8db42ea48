import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { GuardNotice } from "@/app/_shell/guard-notice";
import { getPageSession } from "@/features/accounts/server/session";
import { OpenNearMe } from "@/features/catalog/components/open-near-me";
import { FeedbackForm } from "@/features/feedback/components/feedback-form";
import { HomeMap } from "@/features/map/components/home-map";
import { toLocale } from "@/i18n/locale";
import { getPathname, Link } from "@/i18n/navigation";
import { alternatesFor } from "@/lib/site";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return { title: t("homeTitle"), alternates: alternatesFor("/home", locale) };
}

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function HomePage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const [t, th, session] = await Promise.all([getTranslations("Home"), getTranslations("Header"), getPageSession()]);
  const cards = [
    { title: t("findStationTitle"), text: t("findStationText"), action: t("findStationAction"), href: "/stos" },
    { title: t("findMechanicTitle"), text: t("findMechanicText"), action: t("findMechanicAction"), href: "/mechanics" },
    {
      title: t("becomeMechanicTitle"),
      text: t("becomeMechanicText"),
      action: t("becomeMechanicAction"),
      href: "/mechanicregister",
    },
  ];
  return (
    <ClientMessages route="home">
      <div className="space-y-10">
        <GuardNotice reason={(await searchParams).reason} />
        <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 text-white lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-end">
          {/* A strip above the text on phones (kept low, so the search and "Open now near me" are on the first
              screen), beside it on wide screens; likely the page's LCP, hence fetched first. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- a vector drawing: one small file at every width, nothing to resize */}
          <img
            src="/illustrations/home-banner.svg"
            alt=""
            width={1200}
            height={400}
            fetchPriority="high"
            className="h-20 w-full object-cover sm:h-40 lg:order-last lg:h-auto"
          />
          <div className="px-5 pt-4 pb-6 sm:px-10 sm:pb-10 lg:py-12">
            <h1 className="max-w-2xl text-2xl font-bold sm:text-4xl">{t("bannerTitle")}</h1>
            {/* A plain form: the search works before (and without) the page's JavaScript. The banner is dark
                blue, so its controls' focus ring is white. */}
            <form
              role="search"
              action={getPathname({ href: "/services", locale })}
              method="get"
              className="mt-4 flex max-w-xl"
            >
              <label htmlFor="home-search" className="sr-only">
                {th("searchLabel")}
              </label>
              <input
                id="home-search"
                type="search"
                name="keyword"
                required
                maxLength={100}
                enterKeyHint="search"
                placeholder={t("searchPlaceholder")}
                className="min-h-11 min-w-0 flex-1 rounded-l-lg border-0 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-white"
              />
              <button
                type="submit"
                className="min-h-11 rounded-r-lg bg-accent-500 px-4 font-semibold text-slate-900 hover:bg-amber-400 focus-visible:outline-white"
              >
                {th("search")}
              </button>
            </form>
            <div className="mt-3 flex flex-wrap items-start gap-3">
              <OpenNearMe />
              <Link
                href="/services"
                className="inline-flex min-h-11 items-center rounded-lg border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10 focus-visible:outline-white"
              >
                {t("browse")}
              </Link>
            </div>
            <p className="mt-4 max-w-2xl text-sm text-brand-100 sm:text-lg">{t("welcome")}</p>
          </div>
        </section>

        <section aria-labelledby="home-map">
          <h2 id="home-map" className="text-xl font-semibold">
            {t("mapTitle")}
          </h2>
          <div className="mt-3">
            <HomeMap />
          </div>
        </section>

        <section aria-labelledby="home-cards">
          <h2 id="home-cards" className="text-xl font-semibold">
            {t("cardsTitle")}
          </h2>
          <ul className="mt-3 grid gap-4 md:grid-cols-3">
            {cards.map((card) => (
              <li key={card.href} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="text-lg font-semibold">{card.title}</h3>
                <p className="mt-2 flex-1 text-slate-600">{card.text}</p>
                <Link
                  href={card.href}
                  className="mt-4 self-start rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
                >
                  {card.action}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="home-feedback" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="home-feedback" className="text-xl font-semibold">
            {t("feedbackTitle")}
          </h2>
          <p className="mt-2 text-slate-600">{t("feedbackIntro")}</p>
          <FeedbackForm session={session} />
        </section>
      </div>
    </ClientMessages>
  );
}
