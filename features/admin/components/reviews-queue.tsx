import type { Locale } from "next-intl";
import { getTranslations } from "next-intl/server";
import { DATE_LOCALES } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { hiddenReviews, reportQueue } from "@/features/reviews/server/moderation";
import type { Viewer } from "@/features/accounts/server/session";
import { HideReview } from "./hide-review";
import { InboxAction } from "./inbox-action";

export type QueueView = "reported" | "newest" | "hidden";

const HREF: Record<QueueView, string> = { reported: "/admin/reviews", newest: "/admin/reviews?sort=newest", hidden: "/admin/reviews?view=hidden" };

/**
 * /admin/reviews: services flagged for a burst, then reported reviews with their reports and the
 * decisions; or (view "hidden") the hidden reviews, each with Restore.
 */
export async function ReviewsQueue({ viewer, locale, view }: { viewer: Viewer; locale: Locale; view: QueueView }) {
  const [t, tr] = await Promise.all([getTranslations("Admin"), getTranslations("Review")]);
  const when = new Intl.DateTimeFormat(DATE_LOCALES[locale], { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Kyiv" });
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
  if (view === "hidden") {
    const { items } = await hiddenReviews(viewer);
    return (
      <div className="space-y-8">
        <h1 className="text-2xl font-bold">{t("reviewsPageTitle")}</h1>
        <section aria-labelledby="hidden-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="hidden-title" className="text-xl font-semibold">
              {t("hiddenTitle")}
            </h2>
            {tabs}
          </div>
          {items.length === 0 ? (
            <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("hiddenEmpty")}</p>
          ) : (
            <ul className="space-y-3">
              {items.map((item) => (
                <li key={item._id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
                  <h3 className="font-semibold break-words">
                    <Link href={`/service/${item.service._id}#review-${item._id}`} className="text-brand-700 underline">
                      {t("reviewOf", { name: item.reviewer, station: item.service.name })}
                    </Link>
                  </h3>
                  <p className="text-sm text-slate-600">
                    {item.rating.avg.toFixed(1)} ★ · <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
                  </p>
                  <p className="text-sm font-medium text-amber-800">
                    {tr(`hidden.${item.hidden}`)} <time dateTime={item.hiddenAt}>{t("hiddenOn", { date: when.format(new Date(item.hiddenAt)) })}</time>
                  </p>
                  {/* The words visitors no longer see, for the admin to judge again. */}
                  {item.comment ? <p className="break-words whitespace-pre-wrap text-slate-800">{item.comment}</p> : null}
                  <InboxAction url={`/api/items/admin/reports/${item._id}`} method="POST" body={{ action: "restore" }} label={t("restore")} />
                </li>
              ))}
            </ul>
          )}
        </section>
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
              <li key={service._id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
                <div>
                  <Link href={`/service/${service._id}#reviews`} className="font-semibold text-brand-700 underline">
                    {service.name}
                  </Link>
                  <p className="text-sm text-slate-700">{t("flaggedText", { date: when.format(new Date(service.flaggedAt)), count: service.held })}</p>
                </div>
                <InboxAction url={`/api/items/admin/${service._id}/burst`} method="DELETE" label={t("clearFlag")} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="reports-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reports-title" className="text-xl font-semibold">
            {t("reviewsTitle")}
          </h2>
          {tabs}
        </div>
        {queue.items.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("queueEmpty")}</p>
        ) : (
          <ul className="space-y-3">
            {queue.items.map((item) => (
              <li key={item._id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-semibold break-words">
                    <Link href={`/service/${item.service._id}#review-${item._id}`} className="text-brand-700 underline">
                      {t("reviewOf", { name: item.reviewer, station: item.service.name })}
                    </Link>
                  </h3>
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-medium text-red-800">
                    {t("reportsCount", { count: item.reports.length })}
                  </span>
                </div>
                <p className="text-sm text-slate-600">
                  {item.rating.avg.toFixed(1)} ★ · <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
                  {item.hidden ? <span className="ml-2 font-medium text-amber-800">{t("hiddenNow", { reason: tr(`hidden.${item.hidden}`) })}</span> : null}
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
                    <InboxAction url={`/api/items/admin/reports/${item._id}`} method="POST" body={{ action: "restore" }} label={t("restore")} />
                  ) : null}
                  <InboxAction url={`/api/items/admin/reports/${item._id}`} method="POST" body={{ action: "dismiss" }} label={t("dismiss")} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
