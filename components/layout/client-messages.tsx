import { NextIntlClientProvider, type Messages } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import CLIENT_KEYS from "@/i18n/client-message-keys.json";
import { pickMessages } from "@/lib/pick-messages";

const clientKeys: Partial<Record<string, string[] | boolean>> = CLIENT_KEYS;
/**
 * One picked object per namespace object: the flight data sends an object it has sent before as a
 * reference, and a page has several providers (the layout's, the page's, a form's) naming Account.
 */
const pickedOnce = new WeakMap<object, ReturnType<typeof pickMessages>>();

function picked(messages: Messages, namespace: keyof Messages) {
  const all = messages[namespace];
  let keep = pickedOnce.get(all);
  if (!keep) pickedOnce.set(all, (keep = pickMessages(all, clientKeys[namespace])));
  return keep;
}

/**
 * Hands the client components below it only the messages they use: the namespaces the page lists,
 * and of each only the keys some client code can ask for (i18n/client-message-keys.json, written
 * by `npm run messages:client-keys`). Without it every page's flight data carried every message of
 * the site (about 45 KB in English, 69 KB in Ukrainian). Providers do not merge, so a page lists
 * what its own client components need and the layout what the header and the error page need;
 * tests/unit/client-messages.test.ts walks the imports and fails when a list misses a namespace or
 * names one nobody uses, and when the key list is stale.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly (keyof Messages)[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={Object.fromEntries(namespaces.map((namespace) => [namespace, picked(messages, namespace)]))}>
      {children}
    </NextIntlClientProvider>
  );
}
