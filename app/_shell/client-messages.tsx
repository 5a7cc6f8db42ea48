import { NextIntlClientProvider, type Messages } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

import CLIENT_KEYS from "@/i18n/client-message-keys.json";
import { pickMessages } from "@/i18n/pick-messages";

/** A page (by its folder under app/[locale], "service/[id]") or "layout". */
export type ClientMessagesRoute = keyof typeof CLIENT_KEYS;

const clientKeys: Record<ClientMessagesRoute, Partial<Record<keyof Messages, string[] | boolean>>> = CLIENT_KEYS;
/** Picked once per messages object (one per language) and route. */
const pickedOnce = new WeakMap<Messages, Map<ClientMessagesRoute, Partial<Messages>>>();

function picked(messages: Messages, route: ClientMessagesRoute): Partial<Messages> {
  let byRoute = pickedOnce.get(messages);
  if (!byRoute) pickedOnce.set(messages, (byRoute = new Map()));
  let keep = byRoute.get(route);
  if (!keep) {
    const keys = clientKeys[route];
    keep = Object.fromEntries(
      (Object.keys(keys) as (keyof Messages)[]).map((namespace) => [
        namespace,
        pickMessages(messages[namespace], keys[namespace]),
      ]),
    ) as Partial<Messages>;
    byRoute.set(route, keep);
  }
  return keep;
}

/**
 * Hands the client components below it only the messages they can ask for: the keys asked for by
 * the client files reachable from this route's page or layout (i18n/client-message-keys.json,
 * written by `npm run messages:client-keys`, checked fresh by tests/unit/client-message-keys.test.ts).
 * Without it every page's flight data carried every message of the site (about 45 KB in English,
 * 69 KB in Ukrainian); with one list for the whole site, a page carried every key some other page
 * asks of the same namespace (14 KB on a service page). Providers do not merge: the layout's
 * serves the header and the error page, and each page's its own components.
 */
export async function ClientMessages({ route, children }: { route: ClientMessagesRoute; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={picked(messages, route)}>{children}</NextIntlClientProvider>;
}
