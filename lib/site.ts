import type { Metadata } from "next";
import type { Locale } from "next-intl";

import { getPathname } from "@/i18n/navigation";
import { env } from "@/lib/env";

/** The public origin, for canonical URLs and links in e-mails (APP_URL, without a trailing slash). */
export function appUrl(): string {
  return env.APP_URL;
}

/** A path that exists in both languages, in each of them ("/home" → "/home", "/ua/home"). */
export function localizedPaths(path: string): Record<Locale, string> {
  return { en: getPathname({ href: path, locale: "en" }), uk: getPathname({ href: path, locale: "uk" }) };
}

/** Canonical and hreflang links for a path that exists in both languages ("/home" → "/ua/home"). */
export function alternatesFor(path: string, locale: Locale): Metadata["alternates"] {
  const paths = localizedPaths(path);
  return { canonical: paths[locale], languages: { ...paths, "x-default": paths.en } };
}

export const PRODUCT_NAME = { en: "Maister", uk: "Майстер" } as const;
