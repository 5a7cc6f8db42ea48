import { defineRouting } from "next-intl/routing";

import { SECURE_ATTRIBUTE } from "@/lib/http/secure-cookies";

/*
 * Exported on their own for the code that reads them outside next-intl (lib/http/locale-path.ts,
 * proxy.ts, lib/http/request-locale.ts): the types of `routing.localePrefix` and `routing.localeCookie`
 * do not keep the prefixes and the cookie's name.
 */
export const localePrefix = { mode: "as-needed", prefixes: { uk: "/ua" } } as const;
/** Set by next-intl (its proxy step and its navigation in the browser) and by ?lng (lib/proxy/language-choice.ts). */
export const localeCookie = {
  name: "NEXT_LOCALE",
  maxAge: 60 * 60 * 24 * 365,
  sameSite: "lax",
  ...SECURE_ATTRIBUTE,
} as const;

/**
 * English is the default and has no prefix (/home); Ukrainian uses the internal code "uk"
 * (html lang, hreflang) but lives under /ua, as the product calls the language "ua".
 */
export const routing = defineRouting({
  locales: ["en", "uk"],
  defaultLocale: "en",
  localePrefix,
  localeCookie,
  // hreflang lives in each indexable page's metadata (lib/site.ts). The middleware's Link headers
  // would add a second set, built from the request's host, on every page including noindex ones.
  alternateLinks: false,
});
