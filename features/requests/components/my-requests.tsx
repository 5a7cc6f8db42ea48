import { useFormatter, useTranslations } from "next-intl";

import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { Link } from "@/i18n/navigation";

import type { RequestView } from "../answers";
import { RequestStatusBadge, useCarLabel, useJobLabel } from "./request-bits";

const NEW_REQUEST =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-medium text-white hover:bg-brand-700";

/**
 * /requests: the driver's requests, newest first, each a link to its answers: the job, its
 * status, how many services it went to and how many answered with an offer, and when it was sent.
 */
export function MyRequests({ requests }: { requests: RequestView[] }) {
  const t = useTranslations("MyRequests");
  const format = useFormatter();
  const jobLabel = useJobLabel();
  const carLabel = useCarLabel();
  return (
    <section aria-labelledby="my-requests-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="my-requests-title" className="text-2xl font-bold">
            {t("title")}
          </h1>
          <p className="text-sm text-slate-600">{t("intro")}</p>
        </div>
        <Link href="/requests/new" className={NEW_REQUEST}>
          {t("newRequest")}
        </Link>
      </div>
      {requests.length === 0 ? (
        <div className="space-y-3 rounded-xl bg-slate-100 p-5 text-slate-800">
          <p>{t("empty")}</p>
          <Link href="/services" className="font-semibold text-brand-700 underline">
            {t("findService")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {requests.map((request) => {
            const offers = request.answers.filter((answer) => !answer.decline).length;
            return (
              <li key={request._id}>
                <article className="hover:border-brand-300 relative rounded-xl border border-slate-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 className="min-w-0 font-semibold break-words">
                      <Link
                        href={`/requests/${request._id}`}
                        className="text-brand-800 outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
                      >
                        {jobLabel(request.job, request.description)}
                      </Link>
                    </h2>
                    <RequestStatusBadge status={request.status} />
                  </div>
                  <p className="mt-1 text-sm text-slate-600">{carLabel(request.car)}</p>
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                    <span>{t("servicesCount", { count: request.services.length })}</span>
                    <span className={offers ? "font-semibold text-slate-900" : undefined}>
                      {t("answersCount", { count: offers })}
                    </span>
                    <time dateTime={request.createdAt}>
                      {t("sentOn", {
                        date: format.dateTime(new Date(request.createdAt), {
                          dateStyle: "medium",
                          timeZone: DEFAULT_TIME_ZONE,
                        }),
                      })}
                    </time>
                  </p>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The list's and the request's shape while they load (loading.tsx). */
export function RequestsSkeleton({ label, cards = 3 }: { label: string; cards?: number }) {
  return (
    <div role="status" className="space-y-5">
      <div className="h-8 w-56 animate-pulse rounded bg-slate-200" />
      <div className="h-4 w-80 max-w-full animate-pulse rounded bg-slate-100" />
      <ul className="space-y-3" aria-hidden>
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className="h-24 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </ul>
      <span className="sr-only">{label}</span>
    </div>
  );
}
