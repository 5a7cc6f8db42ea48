import { hasLocale, type Locale } from "next-intl";

import { localeOfCode, toLocale } from "@/i18n/locale";
import { localeCookie, routing } from "@/i18n/routing";

/**
 * The language of an API answer: ?lng (the product's code "ua" or the locale "uk"), then the
 * NEXT_LOCALE cookie, then the first language of Accept-Language. Plain (not server-only), so the
 * proxy's own answers pick it the same way as the route handlers.
 */
type LocaleSource = {
  nextUrl: { searchParams: URLSearchParams };
  cookies: { get(name: string): { value: string } | undefined };
  headers: { get(name: string): string | null };
};

export function requestLocale(request: LocaleSource): Locale {
  const lng = request.nextUrl.searchParams.get("lng");
  if (hasLocale(routing.locales, lng)) return lng;
  const coded = localeOfCode(lng);
  if (coded) return coded;
  const cookie = request.cookies.get(localeCookie.name)?.value;
  if (hasLocale(routing.locales, cookie)) return cookie;
  const language = (request.headers.get("accept-language") ?? "").split(",")[0]?.trim().toLowerCase().slice(0, 2);
  return localeOfCode(language) ?? toLocale(language);
}
