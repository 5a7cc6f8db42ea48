import type { Locale } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { Viewer } from "@/features/accounts/server/session";
import { hiddenReviews, reportQueue } from "@/features/reviews/server/moderation";
import { DATE_LOCALES } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";

import { HideReview } from "./hide-review";
import { InboxAction } from "./inbox-action";

export type QueueView = "reported" | "newest" | "hidden";

const HREF: Record<QueueView, string> = {
  reported: "/admin/reviews",
  newest: "/admin/reviews?sort=newest",
  hidden: "/admin/reviews?view=hidden",
};

/**
 * /admin/reviews: services flagged for a burst, then reported reviews with their reports and the
 * decisions; or (view "hidden") the hidden reviews, each with Restore.
 */
export async function ReviewsQueue({ viewer, locale, view }: { viewer: Viewer; locale: Locale; view: QueueView }) {
  const [t, tr] = await Promise.all([getTranslations("Admin"), getTranslations("Review")]);
  const when = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: DEFAULT_TIME_ZONE,
  });
  const tab = (value: QueueView, label: string) => (
    <Link
      href={HREF[value]}
      aria-current={view === value ? "page" : undefined}
      className="rounded-md px-3 py-1.5 text-sm font-medium aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );
  const tabs = (
    <nav aria-label={t("queueView")} className="flex flex-wrap gap-1 rounded-lg border border-slate-200 bg-white p-1">
      {tab("reported", t("sortReported"))}
      {tab("newest", t("sortNewest"))}
      {tab("hidden", t("viewHidden"))}
    </nav>
  );
  /** The reported or the hidden reviews under their heading and the tabs, one card each, or the words for none. */
  const reviews = <Item extends { _id: string }>(
    id: string,
    title: string,
    empty: string,
    items: Item[],
    card: (item: Item) => ReactNode,
  ) => (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {tabs}
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item._id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
              {card(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  type Written = {
    _id: string;
    reviewer: string;
    service: { _id: string; name: string };
    rating: { avg: number };
    createdAt: string;
  };
  const reviewTitle = (item: Written) => (
    <h3 className="font-semibold break-words">
      <Link href={`/service/${item.service._id}#review-${item._id}`} className="text-brand-700 underline">
        {t("reviewOf", { name: item.reviewer, station: item.service.name })}
      </Link>
    </h3>
  );
  const written = (item: Written) => (
    <>
      {item.rating.avg.toFixed(1)} ★ · <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
    </>
  );
  if (view === "hidden") {
    const { items } = await hiddenReviews(viewer);
    return (
      <div className="space-y-8">
        <h1 className="text-2xl font-bold">{t("reviewsPageTitle")}</h1>
        {reviews("hidden-title", t("hiddenTitle"), t("hiddenEmpty"), items, (item) => (
          <>
            {reviewTitle(item)}
            <p className="text-sm text-slate-600">{written(item)}</p>
            <p className="text-sm font-medium text-amber-800">
              {tr(`hidden.${item.hidden}`)}{" "}
              <time dateTime={item.hiddenAt}>{t("hiddenOn", { date: when.format(new Date(item.hiddenAt)) })}</time>
            </p>
            {/* The words visitors no longer see, for the admin to judge again. */}
            {item.comment ? <p className="break-words whitespace-pre-wrap text-slate-800">{item.comment}</p> : null}
            <InboxAction
              url={`/api/items/admin/reports/${item._id}`}
              method="POST"
              body={{ action: "restore" }}
              label={t("restore")}
            />
          </>
        ))}
      </div>
    );
  }
  const queue = await reportQueue(viewer, view);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">{t("reviewsPageTitle")}</h1>
      {queue.flagged.length ? (
        <section aria-labelledby="flagged-title" className="space-y-3">
          <h2 id="flagged-title" className="text-xl font-semibold">
            {t("flaggedTitle")}
          </h2>
          <ul className="space-y-3">
            {queue.flagged.map((service) => (
              <li
                key={service._id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
              >
                <div>
                  <Link href={`/service/${service._id}#reviews`} className="font-semibold text-brand-700 underline">
                    {service.name}
                  </Link>
                  <p className="text-sm font-medium text-amber-900">
                    {t("flaggedDirection", { direction: service.direction })}
                  </p>
                  <p className="text-sm text-slate-700">
                    {t("flaggedText", { date: when.format(new Date(service.flaggedAt)), count: service.held })}
                  </p>
                </div>
                <InboxAction url={`/api/items/admin/${service._id}/burst`} method="DELETE" label={t("clearFlag")} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reviews("reports-title", t("reviewsTitle"), t("queueEmpty"), queue.items, (item) => (
        <>
          <div className="flex flex-wrap items-start justify-between gap-2">
            {reviewTitle(item)}
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-medium text-red-800">
              {t("reportsCount", { count: item.reports.length })}
            </span>
          </div>
          <p className="text-sm text-slate-600">
            {written(item)}
            {item.hidden ? (
              <span className="ml-2 font-medium text-amber-800">
                {t("hiddenNow", { reason: tr(`hidden.${item.hidden}`) })}
              </span>
            ) : null}
          </p>
          {item.comment ? <p className="break-words whitespace-pre-wrap text-slate-800">{item.comment}</p> : null}
          <ul className="space-y-1 border-l-4 border-slate-200 pl-3 text-sm">
            {item.reports.map((report) => (
              <li key={report._id} className="break-words">
                <span className="font-medium">{tr(`reasons.${report.reason}`)}</span> · {report.by} ·{" "}
                <time dateTime={report.createdAt}>{when.format(new Date(report.createdAt))}</time>
                {report.text ? <span className="block text-slate-700">{report.text}</span> : null}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <HideReview url={`/api/items/admin/reports/${item._id}`} suggested={item.reports[0]!.reason} />
            {item.hidden ? (
              <InboxAction
                url={`/api/items/admin/reports/${item._id}`}
                method="POST"
                body={{ action: "restore" }}
                label={t("restore")}
              />
            ) : null}
            <InboxAction
              url={`/api/items/admin/reports/${item._id}`}
              method="POST"
              body={{ action: "dismiss" }}
              label={t("dismiss")}
            />
          </div>
        </>
      ))}
    </div>
  );
}
