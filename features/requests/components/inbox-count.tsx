"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

import type { InboxCount as Counts } from "../answers";

/**
 * The header's counts for requests for a price: new requests waiting for the viewer's services
 * (owners and masters) with the unread messages from drivers, on the inbox's link; the unread
 * messages from services in the viewer's own requests, on Requests; both on the phone's menu
 * button. One client for the module, so the header's places share one request; it is asked again
 * a minute later at the earliest, or at once after an answer or a thread read from this tab
 * (refreshInboxCount).
 */
const client = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1 } },
});
const KEY = ["requests", "inbox", "count"] as const;

const number = (value: unknown) => (typeof value === "number" ? value : 0);

async function fetchCount(): Promise<Counts> {
  const response = await fetch("/api/requests/inbox/count", { cache: "no-store" });
  if (!response.ok) throw new Error(String(response.status));
  const body = (await response.json()) as { new?: unknown; unread?: { driver?: unknown; service?: unknown } };
  return {
    new: number(body.new),
    unread: { driver: number(body.unread?.driver), service: number(body.unread?.service) },
  };
}

/** After the viewer answered, declined or read a thread: the counts are read again. */
export function refreshInboxCount() {
  void client.invalidateQueries({ queryKey: KEY });
}

/** Which count: the inbox's (new requests, drivers' messages), Requests' (services' messages), or all of them. */
type Kind = "inbox" | "requests" | "all";

function Count({ kind }: { kind: Kind }) {
  const t = useTranslations("Header");
  const { data } = useQuery({ queryKey: KEY, queryFn: fetchCount });
  if (!data) return null;
  const requests = kind === "requests" ? 0 : data.new;
  const messages = (kind === "requests" ? 0 : data.unread.service) + (kind === "inbox" ? 0 : data.unread.driver);
  const total = requests + messages;
  // Nothing waiting (or not known): no badge, unlike Saved's count, so a number means "look".
  if (!total) return null;
  const said = [
    requests ? t("requestsInboxCount", { count: requests }) : null,
    messages ? t("unreadMessages", { count: messages }) : null,
  ].filter(Boolean);
  return (
    <>
      <span
        className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
        aria-hidden
      >
        {total > 99 ? "99+" : total}
      </span>
      <span className="sr-only"> ({said.join(", ")})</span>
    </>
  );
}

export default function InboxCount({ kind = "inbox" }: { kind?: Kind }) {
  return (
    <QueryClientProvider client={client}>
      <Count kind={kind} />
    </QueryClientProvider>
  );
}
