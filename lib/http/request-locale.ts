import { hasLocale, type Locale } from "next-intl";

import { localeOfCode } from "@/i18n/locale";
import { localeCookie, routing } from "@/i18n/routing";

/**
 * The language of an API answer: ?lng (the product's code "ua" or the locale "uk"), then the
 * NEXT_LOCALE cookie, then the browser's most preferred language of Accept-Language that the site
 * has. Plain (not server-only), so the proxy's own answers pick it the same way as the route handlers.
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
  return acceptedLocale(request.headers.get("accept-language")) ?? routing.defaultLocale;
}

/**
 * The site's locale the browser prefers most, by q-value, as next-intl picks a page's language:
 * "ru-RU,ru;q=0.9,uk;q=0.8" is Ukrainian, since the site has no Russian. Reading only the first
 * language gave such a browser English mails from Ukrainian pages.
 */
function acceptedLocale(header: string | null): Locale | undefined {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", weight, index };
    })
    .filter(({ language, weight }) => language !== "" && Number.isFinite(weight) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { language } of ranked) {
    const locale = localeOfCode(language) ?? (hasLocale(routing.locales, language) ? language : undefined);
    if (locale) return locale;
  }
  return undefined;
}
