"use client";

import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";

/**
 * The header's count of new requests for a price waiting for the viewer's services (owners and
 * masters). One client for the module, so the header's two places for it (the links and the
 * phone's menu button) share one request; it is asked again a minute later at the earliest, or at
 * once after an answer from this tab (refreshInboxCount).
 */
const client = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1 } },
});
const KEY = ["requests", "inbox", "count"] as const;

async function fetchCount(): Promise<number> {
  const response = await fetch("/api/requests/inbox/count", { cache: "no-store" });
  if (!response.ok) throw new Error(String(response.status));
  const body = (await response.json()) as { new?: unknown };
  return typeof body.new === "number" ? body.new : 0;
}

/** After the viewer answered or declined: the count is read again. */
export function refreshInboxCount() {
  void client.invalidateQueries({ queryKey: KEY });
}

function Count() {
  const t = useTranslations("Header");
  const { data } = useQuery({ queryKey: KEY, queryFn: fetchCount });
  // Nothing waiting (or not known): no badge, unlike Saved's count, so a number means "look".
  if (!data) return null;
  return (
    <>
      <span
        className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
        aria-hidden
      >
        {data > 99 ? "99+" : data}
      </span>
      <span className="sr-only"> ({t("requestsInboxCount", { count: data })})</span>
    </>
  );
}

export default function InboxCount() {
  return (
    <QueryClientProvider client={client}>
      <Count />
    </QueryClientProvider>
  );
}
