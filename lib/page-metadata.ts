import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

import { toLocale } from "@/i18n/locale";
import type { MessageKey } from "@/i18n/message-key";

/**
 * generateMetadata for pages that belong to one person (forms, admin): a translated title and
 * no indexing. `title` is the title's key in messages/*.json. No canonical and no hreflang either
 * (the same goes for every noindex page): they would name as the preferred or translated version
 * a page that asks not to be indexed.
 */
export function privatePageMetadata(title: MessageKey) {
  return async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
    const t = await getTranslations({ locale: toLocale((await params).locale) });
    return { title: t(title), robots: { index: false } };
  };
}
