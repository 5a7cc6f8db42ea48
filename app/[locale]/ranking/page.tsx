import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";

import { BURST } from "@/features/reviews/burst-rule";
import { REPORT_WEIGHT_TO_HIDE } from "@/features/reviews/server/moderation";
import { getRatingPrior } from "@/features/reviews/server/rating-scores";
import {
  CLEAN_REVIEW,
  CLEAN_REVIEWS_MAX,
  CONFIRMED_EMAIL,
  FLOOR,
  HIDDEN_PENALTY,
  MATURE_DAYS,
  VERIFIED_VISIT,
} from "@/features/reviews/weight";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { alternatesFor } from "@/lib/site";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Ranking" });
  return { title: t("title"), alternates: alternatesFor("/ranking", locale) };
}

/** How the rating sorts order services, with the numbers they use right now. */
export default async function RankingPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const [t, format, prior] = await Promise.all([getTranslations("Ranking"), getFormatter(), getRatingPrior()]);
  const weight = prior?.weight ?? 10;
  const mean = prior?.mean ?? 0;
  const number = (value: number) => format.number(value, { maximumFractionDigits: 2 });
  const score = (average: number, count: number) =>
    format.number((weight * mean + count * average) / (weight + count), { maximumFractionDigits: 2 });
  return (
    <article className="mx-auto max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p>{t("intro")}</p>
      <p className="rounded-lg bg-slate-100 p-4 font-mono text-sm" aria-label={t("formulaLabel")}>
        {t("formula")}
      </p>
      <p>{t("explain", { weight, mean: format.number(mean, { maximumFractionDigits: 2 }) })}</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>{t("example", { average: format.number(5), count: 1, score: score(5, 1) })}</li>
        <li>{t("example", { average: format.number(4.8), count: 200, score: score(4.8, 200) })}</li>
      </ul>
      <p>{t("subRatings")}</p>
      <p>{t("noReviews")}</p>
      <p>{t("fairness")}</p>
      <section aria-labelledby="weights-title" className="space-y-3">
        <h2 id="weights-title" className="text-xl font-semibold">
          {t("weightsTitle")}
        </h2>
        <p>{t("weightsIntro", { floor: number(FLOOR) })}</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t("weightAge", { days: MATURE_DAYS })}</li>
          <li>{t("weightVisit", { visit: number(VERIFIED_VISIT) })}</li>
          <li>
            {t("weightHistory", {
              step: number(CLEAN_REVIEW),
              max: CLEAN_REVIEWS_MAX,
              penalty: number(HIDDEN_PENALTY),
            })}
          </li>
        </ul>
        <p>{t("weightFresh", { floor: number(FLOOR), confirmed: number(FLOOR + CONFIRMED_EMAIL) })}</p>
        <p>{t("weightBurst", { count: BURST.count, hours: BURST.windowHours })}</p>
        <p>{t("weightReports", { weight: number(REPORT_WEIGHT_TO_HIDE) })}</p>
      </section>
      <Link href="/services?sort=rating.desc" className="inline-block font-medium text-brand-700 underline">
        {t("back")}
      </Link>
    </article>
  );
}
