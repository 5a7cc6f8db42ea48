import { getFormatter, getLocale, getTranslations } from "next-intl/server";

import { CUSTOM_JOB, UAH, type PriceJob } from "@/domain/service/jobs";
import type { PaidMedian, PriceList as Prices } from "@/features/prices/answers";
import { langOfText } from "@/lib/text-language";

/** The service page: the owner's "from" prices, and what reviewers paid when enough of them said. */
export async function PriceList({ prices, paid }: { prices: Prices | null; paid: PaidMedian[] }) {
  if (!prices && !paid.length) return null;
  const [t, format, locale] = await Promise.all([getTranslations("Prices"), getFormatter(), getLocale()]);
  const money = (amount: number) => format.number(amount, UAH);
  return (
    <section aria-labelledby="prices">
      <h2 id="prices" className="text-xl font-semibold">
        {t("title")}
      </h2>
      {prices ? (
        <>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {prices.lines.map((line, index) => (
              <li key={`${line.job}-${index}`} className="flex justify-between gap-4 py-1.5">
                <span>
                  {line.job === CUSTOM_JOB ? (
                    <span lang={langOfText(line.label, locale)}>{line.label}</span>
                  ) : (
                    t("job", { job: line.job as PriceJob })
                  )}
                  {line.radiusKm ? (
                    <span className="block text-slate-600">{t("comesUpTo", { km: line.radiusKm })}</span>
                  ) : null}
                </span>
                <span className="font-medium whitespace-nowrap">{t("from", { amount: money(line.fromUah) })}</span>
              </li>
            ))}
          </ul>
          {prices.updatedAt ? (
            <p className="mt-1 text-sm text-slate-500">
              {t("updatedOn", { date: format.dateTime(new Date(prices.updatedAt), { dateStyle: "medium" }) })}
            </p>
          ) : null}
        </>
      ) : null}
      {paid.length ? (
        <div className="mt-4">
          <h3 className="font-semibold">{t("paidTitle")}</h3>
          <ul className="mt-1 divide-y divide-slate-100 text-sm">
            {paid.map((entry) => (
              <li key={entry.job} className="flex justify-between gap-4 py-1.5">
                <span>{t("job", { job: entry.job })}</span>
                <span className="whitespace-nowrap">
                  {t("paid", { amount: money(entry.medianUah), count: entry.count })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
