import type { Locale } from "next-intl";
import { getTranslations } from "next-intl/server";

import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { Viewer } from "@/features/accounts/server/session";
import { listFailedMail, listFeedback } from "@/features/admin/server/inbox";
import { DATE_LOCALES } from "@/i18n/locale";
import type { ScheduledJob } from "@/lib/jobs/job-runs";

import { InboxAction } from "./inbox-action";
import { JobsStatus } from "./jobs-status";

/** /admin/inbox: feedback from the site's form (unread first in weight, newest first), then undelivered mail, then the jobs' status. */
export async function InboxView({ viewer, locale, jobs }: { viewer: Viewer; locale: Locale; jobs: ScheduledJob[] }) {
  const t = await getTranslations("Admin");
  const [feedback, failed] = await Promise.all([listFeedback(viewer), listFailedMail(viewer)]);
  const when = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: DEFAULT_TIME_ZONE,
  });
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">{t("inboxTitle")}</h1>
      <section aria-labelledby="feedback-title" className="space-y-3">
        <h2 id="feedback-title" className="text-xl font-semibold">
          {t("feedbackTitle")}{" "}
          <span className="text-base font-normal text-slate-600">{t("unreadCount", { count: feedback.unread })}</span>
        </h2>
        {feedback.items.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("noFeedback")}</p>
        ) : (
          <ul className="space-y-3">
            {feedback.items.map((item) => (
              <li
                key={item._id}
                className={`rounded-xl border p-4 ${item.read ? "border-slate-200 bg-white" : "border-brand-600 bg-brand-50"}`}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">
                      {item.read ? null : (
                        <span className="mr-2 rounded bg-brand-600 px-1.5 py-0.5 text-xs font-medium text-white">
                          {t("unread")}
                        </span>
                      )}
                      {item.title}
                    </h3>
                    <p className="text-sm text-slate-600">
                      <a href={`mailto:${item.email}`} className="text-brand-700 underline">
                        {item.email}
                      </a>{" "}
                      · <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
                    </p>
                  </div>
                  <InboxAction
                    url={`/api/etc/admin/feedback/${item._id}`}
                    method="PUT"
                    body={{ read: !item.read }}
                    label={item.read ? t("markUnread") : t("markRead")}
                  />
                </div>
                <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">{item.message}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="mail-title" className="space-y-3">
        <h2 id="mail-title" className="text-xl font-semibold">
          {t("failedMailTitle")}
        </h2>
        <p className="text-sm text-slate-600">{t("failedMailText")}</p>
        {failed.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("noFailedMail")}</p>
        ) : (
          <ul className="space-y-3">
            {failed.map((mail) => (
              <li
                key={mail._id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-red-200 bg-white p-4"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold break-words">{mail.subject}</p>
                  <p className="break-words text-slate-600">
                    {mail.to} · {mail.kind} ·{" "}
                    <time dateTime={mail.createdAt}>{when.format(new Date(mail.createdAt))}</time> ·{" "}
                    {t("attempts", { count: mail.attempts })}
                  </p>
                  {mail.error ? <p className="mt-1 break-words text-red-800">{mail.error}</p> : null}
                </div>
                <InboxAction url={`/api/etc/admin/mail/${mail._id}/retry`} method="POST" label={t("retryMail")} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <JobsStatus viewer={viewer} locale={locale} jobs={jobs} />
    </div>
  );
}
