import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { Pager } from "@/components/ui/pager";
import { guardPage } from "@/features/accounts/server/guards";
import { AdminRequests, adminRequestsHref } from "@/features/requests/components/admin-requests";
import { AdminDisputesView } from "@/features/requests/job/components/admin-disputes-view";
import { adminDisputes } from "@/features/requests/job/server/admin-disputes";
import { REQUEST_STATUSES, type RequestStatus } from "@/features/requests/rules";
import { adminRequests } from "@/features/requests/server/admin-requests";
import { toLocale } from "@/i18n/locale";
import { BadRequestError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ status?: string | string[]; page?: string | string[]; view?: string | string[] }>;
};

export const generateMetadata = privatePageMetadata("AdminRequests.title");

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function AdminRequestsPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/requests", locale);
  const query = await searchParams;
  // The disputed jobs waiting for an admin: their own view of the page.
  if (first(query.view) === "disputes") {
    const queue = await adminDisputes(viewer);
    return (
      <ClientMessages route="admin/requests">
        <AdminDisputesView disputes={queue.disputes} total={queue.total} />
      </ClientMessages>
    );
  }
  const asked = first(query.status);
  const status = REQUEST_STATUSES.find((value) => value === asked) as RequestStatus | undefined;
  let result;
  try {
    result = await adminRequests(viewer, { status, page: first(query.page) });
  } catch (error) {
    // A page beyond the last, or not a page number.
    if (error instanceof BadRequestError) notFound();
    throw error;
  }
  return (
    <ClientMessages route="admin/requests">
      <AdminRequests status={status} result={result} />
      <Pager page={result.page} pages={result.pages} hrefFor={(n) => adminRequestsHref(status, n)} />
    </ClientMessages>
  );
}
