import { defineRouting } from "next-intl/routing";

/**
 * English is the default and has no prefix (/home); Ukrainian uses the internal code "uk"
 * (html lang, hreflang) but lives under /ua, as the product calls the language "ua".
 */
export const routing = defineRouting({
  locales: ["en", "uk"],
  defaultLocale: "en",
  localePrefix: { mode: "as-needed", prefixes: { uk: "/ua" } },
  localeCookie: { name: "NEXT_LOCALE", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" },
  // hreflang lives in each indexable page's metadata (lib/site.ts). The middleware's Link headers
  // would add a second set, built from the request's host, on every page including noindex ones.
  alternateLinks: false,
});

export type AppLocale = (typeof routing.locales)[number];

/** The product's own name for a locale, as used in ?lng= and the language switch. */
export const LOCALE_CODES: Record<AppLocale, "en" | "ua"> = { en: "en", uk: "ua" };
