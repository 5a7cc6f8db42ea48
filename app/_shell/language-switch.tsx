"use client";

import { useLocale, useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";

import { LOCALE_CODES } from "@/i18n/locale";
import { usePathname } from "@/i18n/navigation";
import { routing } from "@/i18n/routing";

/**
 * Plain links with ?lng=: the proxy sets the language cookie and redirects to the same path and
 * query in that language. A full page load, because the html element's lang changes too.
 */
export function LanguageSwitch() {
  const t = useTranslations("Header");
  const current = useLocale();
  const pathname = usePathname();
  const search = useSearchParams();
  return (
    <div
      role="group"
      aria-label={t("language")}
      className="flex overflow-hidden rounded-md border border-slate-300 text-sm font-semibold"
    >
      {routing.locales.map((locale) => {
        const query = new URLSearchParams(search);
        query.set("lng", LOCALE_CODES[locale]);
        return (
          <a
            key={locale}
            href={`${pathname}?${query}`}
            lang={locale}
            hrefLang={locale}
            aria-current={locale === current ? "true" : undefined}
            className="px-2.5 py-1.5 text-slate-600 uppercase hover:bg-slate-100 aria-[current=true]:bg-brand-600 aria-[current=true]:text-white"
          >
            {/* The name starts with the visible code, so speech users can say what they see; the rest is
                in the page's language (the link's own lang is the target's): English names
                Ukrainian by its own name, in its language, Ukrainian declines the names. */}
            {LOCALE_CODES[locale]}
            <span lang={current} className="sr-only normal-case">
              {" "}
              {t.rich("switchTo", { language: locale, name: (chunks) => <span lang={locale}>{chunks}</span> })}
            </span>
          </a>
        );
      })}
    </div>
  );
}
