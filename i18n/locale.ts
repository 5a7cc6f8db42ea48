import { hasLocale, type Locale } from "next-intl";

import { routing } from "./routing";

/**
 * A [locale] route segment, a cookie or any other outside value as a Locale; the default when it
 * names none. Pages get here only with a known locale (app/[locale]/layout.tsx answers 404 for
 * any other), so for them this narrows the type and changes nothing.
 */
export function toLocale(value: string | null | undefined): Locale {
  return hasLocale(routing.locales, value) ? value : routing.defaultLocale;
}

/** The product's own name for a locale, as used in ?lng= and the language switch. */
export const LOCALE_CODES: Record<Locale, "en" | "ua"> = { en: "en", uk: "ua" };

/** The locale a ?lng= code names ("ua" → "uk"), if it names one. */
export function localeOfCode(code: string | null | undefined): Locale | undefined {
  return routing.locales.find((locale) => LOCALE_CODES[locale] === code);
}

/** The regional variant dates are written in outside next-intl's formatter (admin lists, receipts): day first in both. */
export const DATE_LOCALES: Record<Locale, string> = { en: "en-GB", uk: "uk-UA" };
