import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { Pager } from "@/components/ui/pager";
import { guardPage } from "@/features/accounts/server/guards";
import { AdminPayments, adminPaymentsHref } from "@/features/payments/components/admin-payments";
import {
  listAdminPayments,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type AdminPaymentsFilter,
} from "@/features/payments/server/admin-payments";
import { toLocale } from "@/i18n/locale";
import { BadRequestError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<"provider" | "status" | "page", string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata("AdminPayments.title");

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** /admin/payments?provider&status&page: every payment, admins only; an unknown filter is none. */
export default async function AdminPaymentsPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/payments", locale);
  const query = await searchParams;
  const filter: AdminPaymentsFilter = {
    provider: PAYMENT_PROVIDERS.find((value) => value === first(query.provider)),
    status: PAYMENT_STATUSES.find((value) => value === first(query.status)),
  };
  let result;
  try {
    result = await listAdminPayments(viewer, { ...filter, page: first(query.page) });
  } catch (error) {
    // A page beyond the last, or not a page number.
    if (error instanceof BadRequestError) notFound();
    throw error;
  }
  return (
    <>
      <AdminPayments filter={filter} result={result} />
      <Pager page={result.page} pages={result.pages} hrefFor={(n) => adminPaymentsHref(filter, n)} />
    </>
  );
}
