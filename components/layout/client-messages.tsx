import { NextIntlClientProvider, type Messages } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

/**
 * Hands the client components below it only the message namespaces they use: without it every
 * page's flight data carried every message of the site (about 45 KB in English, 69 KB in
 * Ukrainian). Providers do not merge, so a page lists what its own client components need and
 * the layout what the header and the error page need; tests/unit/client-messages.test.ts walks
 * the imports and fails when a list misses a namespace or names one nobody uses.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly (keyof Messages)[]; children: ReactNode }) {
  const messages = await getMessages();
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
