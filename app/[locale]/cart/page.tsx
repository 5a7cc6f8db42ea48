import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { SavedList } from "@/features/saved/components/saved-list";
import { toLocale } from "@/i18n/locale";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return { title: t("cartTitle"), robots: { index: false } };
}

export default async function CartPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations("Cart");
  return (
    <ClientMessages route="cart">
      <section aria-labelledby="saved-title">
        <h1 id="saved-title" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t("title")}
        </h1>
        <SavedList />
      </section>
    </ClientMessages>
  );
}
