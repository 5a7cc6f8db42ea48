import { useFormatter, useTranslations } from "next-intl";

import { DataTable } from "@/components/ui/data-table";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type AdminPaymentRow,
  type AdminPaymentsFilter,
  type AdminPaymentsPage,
} from "@/features/payments/server/admin-payments";
import { Link } from "@/i18n/navigation";

const FILTER =
  "inline-flex min-h-10 items-center rounded-full border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white";

const STATUS_TONE: Record<AdminPaymentRow["status"], string> = {
  created: "bg-amber-100 text-amber-900",
  captured: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  refunded: "bg-violet-100 text-violet-900",
  expired: "bg-slate-200 text-slate-700",
};

/** The list's address for its filters and a page; a filter left out is every value. */
export function adminPaymentsHref(filter: AdminPaymentsFilter, page = 1) {
  const query: Record<string, string> = {};
  if (filter.provider) query.provider = filter.provider;
  if (filter.status) query.status = filter.status;
  if (page > 1) query.page = String(page);
  return { pathname: "/admin/payments", query };
}

/**
 * /admin/payments: every payment newest first, or those of one provider or status: when, for which
 * station, who paid, through which provider, how much in which currency, and where it stands.
 */
export function AdminPayments({ filter, result }: { filter: AdminPaymentsFilter; result: AdminPaymentsPage }) {
  const t = useTranslations("AdminPayments");
  const format = useFormatter();
  const chips = <Value extends string>(
    label: string,
    values: readonly Value[],
    current: Value | undefined,
    any: string,
    name: (value: Value) => string,
    hrefOf: (value: Value | undefined) => ReturnType<typeof adminPaymentsHref>,
  ) => (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      <span aria-hidden className="w-full text-sm font-medium text-slate-700 sm:w-auto sm:min-w-28">
        {label}
      </span>
      {[undefined, ...values].map((value) => (
        <Link
          key={value ?? "any"}
          href={hrefOf(value)}
          aria-current={current === value ? "page" : undefined}
          className={FILTER}
        >
          {value ? name(value) : any}
        </Link>
      ))}
    </nav>
  );
  return (
    <section aria-labelledby="admin-payments-title" className="space-y-4">
      <div>
        <h1 id="admin-payments-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="text-sm text-slate-600">{t("intro", { count: result.total })}</p>
      </div>
      <div className="space-y-2">
        {chips(
          t("providerFilter"),
          PAYMENT_PROVIDERS,
          filter.provider,
          t("anyProvider"),
          (provider) => t("providerName", { provider }),
          (provider) => adminPaymentsHref({ ...filter, provider }),
        )}
        {chips(
          t("statusFilter"),
          PAYMENT_STATUSES,
          filter.status,
          t("anyStatus"),
          (status) => t("statusName", { status }),
          (status) => adminPaymentsHref({ ...filter, status }),
        )}
      </div>
      <DataTable
        rows={result.payments}
        rowKey={(payment) => payment._id}
        labelledBy="admin-payments-title"
        empty={t("empty")}
        columns={[
          {
            heading: t("date"),
            cell: (payment) => (
              <time dateTime={payment.createdAt} className="whitespace-nowrap">
                {format.dateTime(new Date(payment.createdAt), {
                  dateStyle: "medium",
                  timeStyle: "short",
                  timeZone: DEFAULT_TIME_ZONE,
                })}
              </time>
            ),
          },
          {
            heading: t("station"),
            cell: (payment) =>
              payment.serviceId ? (
                <Link
                  href={`/admin/services/${payment.serviceId}/edit`}
                  className="break-words text-brand-700 underline"
                >
                  {payment.serviceName}
                </Link>
              ) : (
                <span className="text-slate-600">{t("deletedStation", { name: payment.serviceName })}</span>
              ),
          },
          {
            heading: t("payer"),
            cell: (payment) =>
              payment.payerId ? (
                <Link href={`/admin/users/${payment.payerId}/edit`} className="break-all text-brand-700 underline">
                  {payment.payerEmail}
                </Link>
              ) : (
                <span className="break-all text-slate-600">{payment.payerEmail}</span>
              ),
          },
          {
            heading: t("provider"),
            cell: (payment) => (
              <span className="whitespace-nowrap">{t("providerName", { provider: payment.provider })}</span>
            ),
          },
          {
            heading: t("amount"),
            cell: (payment) => (
              <span className="whitespace-nowrap tabular-nums">
                {format.number(Number(payment.amount), {
                  style: "currency",
                  currency: payment.currency,
                  currencyDisplay: "code",
                })}
              </span>
            ),
          },
          {
            heading: t("status"),
            cell: (payment) => (
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[payment.status]}`}
              >
                {t("statusName", { status: payment.status })}
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
