import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

/**
 * generateMetadata for pages that belong to one person (forms, admin): a translated title and
 * no indexing. `key` names the title inside `namespace` of messages/*.json. No canonical and no
 * hreflang either (the same goes for every noindex page): they would name as the preferred or
 * translated version a page that asks not to be indexed.
 */
export function privatePageMetadata(namespace: string, key: string) {
  return async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
    const { locale } = await params;
    const t = (await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: namespace as never })) as unknown as (key: string) => string;
    return { title: t(key), robots: { index: false } };
  };
}
