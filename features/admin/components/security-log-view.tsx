import { getFormatter, getTranslations } from "next-intl/server";

import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { Viewer } from "@/features/accounts/server/session";
import { listSecurityEvents, type SecurityEventRow } from "@/features/admin/server/security-events";
import { Link } from "@/i18n/navigation";
import { AppError } from "@/lib/http/errors";
import { SECURITY_EVENT_KINDS } from "@/lib/security/security-log";

import { SecurityFilters, type FilterValues } from "./security-filters";

const FILTERS = ["kind", "account", "ip", "from", "to"] as const;

/** How much of a user agent the table shows; the whole of it is in the cell's title. */
const AGENT_SHOWN = 48;

/** /admin/security: the filters, the events newest first, and the pages. */
export async function SecurityLogView({
  viewer,
  filters,
}: {
  viewer: Viewer;
  filters: FilterValues & { page: string };
}) {
  const [t, tr, format] = await Promise.all([getTranslations("SecurityLog"), getTranslations(), getFormatter()]);
  const kindLabel = (kind: string) =>
    (SECURITY_EVENT_KINDS as readonly string[]).includes(kind) ? t(`kinds.${kind}` as "kinds.signIn.succeeded") : kind;
  const result = await listSecurityEvents(viewer, filters).catch((error: unknown) => {
    // Filters typed into the address bar that make no sense: said on the page, not a crash.
    if (error instanceof AppError && error.status === 400) return error;
    throw error;
  });
  const hrefFor = (page: number) => {
    const query = new URLSearchParams();
    for (const name of FILTERS) if (filters[name]) query.set(name, filters[name]);
    if (page > 1) query.set("page", String(page));
    const text = query.toString();
    return `/admin/security${text ? `?${text}` : ""}`;
  };
  const kinds = SECURITY_EVENT_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }));
  return (
    <section aria-labelledby="security-title" className="space-y-4">
      <div>
        <h1 id="security-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          {t("intro")} {t("timesIn")}
        </p>
      </div>
      <SecurityFilters initial={filters} kinds={kinds} />
      {result instanceof AppError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <ul className="list-inside list-disc">
            {Object.values(result.fields ?? { body: result.key }).map((key) => (
              <li key={key}>{tr(key as "SecurityLog.invalidDate")}</li>
            ))}
          </ul>
          <Link href="/admin/security" className="mt-2 inline-block font-medium underline">
            {t("clear")}
          </Link>
        </div>
      ) : (
        <>
          <DataTable<SecurityEventRow>
            rows={result.events}
            rowKey={(event) => event._id}
            empty={t("empty")}
            labelledBy="security-title"
            columns={[
              {
                heading: t("time"),
                cell: (event) => (
                  <time dateTime={event.at} className="whitespace-nowrap">
                    {format.dateTime(new Date(event.at), {
                      dateStyle: "short",
                      timeStyle: "medium",
                      timeZone: DEFAULT_TIME_ZONE,
                    })}
                  </time>
                ),
              },
              {
                heading: t("kind"),
                cell: (event) => (
                  // Whole words: a kind's label is not broken mid-word to narrow its column.
                  <span
                    className={`font-medium [overflow-wrap:normal] ${event.status ? "text-red-800" : "text-slate-900"}`}
                  >
                    {kindLabel(event.kind)}
                  </span>
                ),
              },
              {
                heading: t("account"),
                cell: (event) =>
                  event.userId ? (
                    <Link href={`/admin/users/${event.userId}/edit`} className="text-brand-700 underline">
                      {event.userEmail ?? t("deletedAccount")}
                    </Link>
                  ) : (
                    <span className="text-slate-500">{t("noAccount")}</span>
                  ),
              },
              { heading: t("address"), cell: (event) => <span className="font-mono text-xs">{event.ip || "—"}</span> },
              {
                heading: t("userAgent"),
                cell: (event) =>
                  event.userAgent ? (
                    <span title={event.userAgent} className="text-xs text-slate-600">
                      {event.userAgent.length > AGENT_SHOWN
                        ? `${event.userAgent.slice(0, AGENT_SHOWN)}…`
                        : event.userAgent}
                    </span>
                  ) : (
                    "—"
                  ),
              },
              { heading: t("requestId"), kind: "id", cell: (event) => event.requestId || "—" },
              {
                heading: t("status"),
                cell: (event) => (
                  <span className="font-mono text-xs">
                    {[event.status, event.method, event.path].filter(Boolean).join(" ") || "—"}
                  </span>
                ),
              },
              {
                heading: t("details"),
                cell: (event) => {
                  const entries = Object.entries(event.details);
                  return entries.length ? (
                    <dl className="font-mono text-xs text-slate-700">
                      {entries.map(([name, value]) => (
                        <div key={name}>
                          <dt className="inline text-slate-500">{name}: </dt>
                          <dd className="inline">{String(value)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : (
                    "—"
                  );
                },
              },
            ]}
          />
          <Pager page={result.page} pages={result.pages} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}
