import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

/**
 * generateMetadata for pages that belong to one person (forms, admin): a translated title and
 * no indexing. `key` names the title inside `namespace` of messages/*.json.
 */
export function privatePageMetadata(namespace: string, key: string) {
  return async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
    const { locale } = await params;
    const t = (await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: namespace as never })) as unknown as (key: string) => string;
    return { title: t(key), robots: { index: false } };
  };
}
