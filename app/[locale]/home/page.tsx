import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/components/layout/client-messages";
import { GuardNotice } from "@/components/layout/guard-notice";
import { getPageSession } from "@/features/accounts/server/session";
import { FeedbackForm } from "@/features/feedback/components/feedback-form";
import { HomeMap } from "@/features/map/components/home-map";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
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
  const [t, session] = await Promise.all([getTranslations("Home"), getPageSession()]);
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
          {/* A strip above the text on phones, beside it on wide screens; likely the page's LCP, hence fetched first. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- a vector drawing: one small file at every width, nothing to resize */}
          <img
            src="/illustrations/home-banner.svg"
            alt=""
            width={1200}
            height={400}
            fetchPriority="high"
            className="h-28 w-full object-cover sm:h-40 lg:order-last lg:h-auto"
          />
          <div className="px-6 pt-5 pb-8 sm:px-10 sm:pb-10 lg:py-12">
            <h1 className="max-w-2xl text-3xl font-bold sm:text-4xl">{t("bannerTitle")}</h1>
            <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">{t("welcome")}</p>
            <Link
              href="/services"
              className="mt-6 inline-block rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t("browse")}
            </Link>
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
