import { useFormatter, useTranslations } from "next-intl";

import { DataTable } from "@/components/ui/data-table";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { Link } from "@/i18n/navigation";

import type { AdminRequestPage } from "../answers";
import { REQUEST_STATUSES, type RequestStatus } from "../rules";
import { CancelRequest } from "./cancel-request";
import { RequestStatusBadge, TargetStatusBadge, useJobLabel } from "./request-bits";

const FILTER =
  "inline-flex min-h-10 items-center rounded-full border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white";

/** The list's address for a status (none: every status) and a page. */
export function adminRequestsHref(status: RequestStatus | undefined, page = 1) {
  const query: Record<string, string> = {};
  if (status) query.status = status;
  if (page > 1) query.page = String(page);
  return { pathname: "/admin/requests", query };
}

/**
 * The list's filters: every status, one status, or the disputed jobs waiting for an admin
 * (?view=disputes, features/requests/job/components/admin-disputes-view.tsx).
 */
export function AdminRequestsFilters({ status, disputes = false }: { status?: RequestStatus; disputes?: boolean }) {
  const t = useTranslations("AdminRequests");
  const tm = useTranslations("MyRequests");
  const tj = useTranslations("Job");
  return (
    <nav aria-label={t("filterLabel")} className="flex flex-wrap gap-2">
      {[undefined, ...REQUEST_STATUSES].map((value) => (
        <Link
          key={value ?? "any"}
          href={adminRequestsHref(value)}
          aria-current={!disputes && status === value ? "page" : undefined}
          className={FILTER}
        >
          {value ? tm("status", { status: value }) : t("anyStatus")}
        </Link>
      ))}
      <Link
        href={{ pathname: "/admin/requests", query: { view: "disputes" } }}
        aria-current={disputes ? "page" : undefined}
        className={FILTER}
      >
        {tj("admin.tab")}
      </Link>
    </nav>
  );
}

/**
 * /admin/requests: every request for a price, newest first, or those of one status: who asked,
 * the job, the services it went to (with where each stands), how many answered; an open or
 * accepted one can be closed with a reason the driver and the services read.
 */
export function AdminRequests({ status, result }: { status: RequestStatus | undefined; result: AdminRequestPage }) {
  const t = useTranslations("AdminRequests");
  const format = useFormatter();
  const jobLabel = useJobLabel();
  return (
    <section aria-labelledby="admin-requests-title" className="space-y-4">
      <div>
        <h1 id="admin-requests-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="text-sm text-slate-600">{t("intro", { count: result.total })}</p>
      </div>
      <AdminRequestsFilters status={status} />
      <DataTable
        rows={result.requests}
        rowKey={(request) => request._id}
        labelledBy="admin-requests-title"
        empty={t("empty")}
        columns={[
          {
            heading: t("sent"),
            cell: (request) => (
              <time dateTime={request.createdAt} className="whitespace-nowrap">
                {format.dateTime(new Date(request.createdAt), {
                  dateStyle: "medium",
                  timeStyle: "short",
                  timeZone: DEFAULT_TIME_ZONE,
                })}
              </time>
            ),
          },
          {
            heading: t("job"),
            cell: (request) => (
              <Link href={`/requests/${request._id}`} className="text-brand-700 underline">
                {jobLabel(request.job)}
              </Link>
            ),
          },
          {
            heading: t("driver"),
            cell: (request) => (
              <a href={`mailto:${request.driverEmail}`} className="break-words text-brand-700 underline">
                {request.driverEmail}
              </a>
            ),
          },
          {
            heading: t("services"),
            cell: (request) => (
              <ul className="space-y-1">
                {request.services.map((service) => (
                  <li key={service.serviceId} className="flex flex-wrap items-center gap-1.5">
                    <Link href={`/service/${service.serviceId}`} className="break-words text-brand-700 underline">
                      {service.name}
                    </Link>
                    <TargetStatusBadge status={service.status} side="driver" />
                  </li>
                ))}
              </ul>
            ),
          },
          { heading: t("answers"), cell: (request) => request.answers },
          { heading: t("status"), cell: (request) => <RequestStatusBadge status={request.status} /> },
          {
            heading: t("actions"),
            kind: "actions",
            cell: (request) =>
              request.status === "open" || request.status === "accepted" ? (
                <CancelRequest
                  modal
                  url={`/api/items/admin/requests/${request._id}/close`}
                  texts={{
                    open: t("close"),
                    reasonLabel: t("reasonLabel"),
                    submit: t("closeSubmit"),
                    done: t("closed"),
                  }}
                />
              ) : null,
          },
        ]}
      />
    </section>
  );
}
