import type { Locale } from "next-intl";

import { localePrefix, routing } from "@/i18n/routing";

/*
 * Locale prefixes as raw strings, taken from the routing config: for code that works on request
 * paths before next-intl does (proxy.ts, its own 400 page) or checks them (safe-redirect.ts,
 * guarded-paths.ts). Everything else builds prefixed paths with getPathname, redirect and Link from
 * i18n/navigation.ts.
 */

const PREFIXES: Partial<Record<Locale, string>> = localePrefix.prefixes;

/** "/ua" for Ukrainian; nothing for English, the default ("as-needed" mode). */
const prefixOf = (locale: Locale): string => PREFIXES[locale] ?? "";

/** Splits "/ua/profile" into its locale, the prefix and the locale-free path the navigation helpers take. */
export function splitLocale(pathname: string): { locale: Locale; prefix: string; path: string } {
  for (const locale of routing.locales) {
    const prefix = prefixOf(locale);
    if (prefix && pathname.startsWith(prefix) && /^(?:[/?#]|$)/.test(pathname.slice(prefix.length))) {
      const rest = pathname.slice(prefix.length);
      return { locale, prefix, path: rest.startsWith("/") ? rest : `/${rest}` };
    }
  }
  return { locale: routing.defaultLocale, prefix: "", path: pathname };
}

/** A locale-free path in a locale ("/home" → "/ua/home", "/" → "/ua"). */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = prefixOf(locale);
  return prefix && path === "/" ? prefix : `${prefix}${path}`;
}
