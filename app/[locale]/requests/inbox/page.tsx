import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { Pager } from "@/components/ui/pager";
import { guardPage } from "@/features/accounts/server/guards";
import { RequestInbox } from "@/features/requests/components/request-inbox";
import type { InboxTab } from "@/features/requests/rules";
import { kyivDay } from "@/features/requests/schema";
import { inbox } from "@/features/requests/server/inbox";
import { toLocale } from "@/i18n/locale";
import { BadRequestError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ status?: string | string[]; page?: string | string[]; request?: string | string[] }>;
};

export const generateMetadata = privatePageMetadata("RequestInbox.title");

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function RequestInboxPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const query = await searchParams;
  const tab: InboxTab = first(query.status) === "all" ? "all" : "new";
  const page = first(query.page);
  // A mail's link to one request: that request only, with a way to the whole inbox.
  const request = first(query.request);
  const back = request ? `?request=${encodeURIComponent(request)}` : tab === "all" ? "?status=all" : "";
  const viewer = await guardPage("signedIn", `/requests/inbox${back}`, locale);
  let result;
  try {
    result = await inbox(viewer, { status: tab, page, request });
  } catch (error) {
    // A page beyond the last, or not a page number: no such page of the inbox.
    if (error instanceof BadRequestError) notFound();
    throw error;
  }
  const hrefFor = (n: number) => {
    const search: Record<string, string> = {};
    if (tab === "all") search.status = "all";
    if (n > 1) search.page = String(n);
    return { pathname: "/requests/inbox", query: search };
  };
  return (
    <ClientMessages route="requests/inbox">
      <RequestInbox
        tab={request ? "all" : tab}
        single={Boolean(request)}
        result={result}
        today={kyivDay(new Date())}
        provider={viewer.ownsStations || viewer.hasMechanicProfile}
      />
      <Pager page={result.page} pages={result.pages} hrefFor={hrefFor} />
    </ClientMessages>
  );
}
