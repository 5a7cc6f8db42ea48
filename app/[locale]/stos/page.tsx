import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { ServicesPage } from "@/features/directory/components/services-page";
import { toLocale } from "@/i18n/locale";
import { alternatesFor } from "@/lib/site";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return { title: t("stationsTitle"), alternates: alternatesFor("/stos", locale) };
}

export default async function Page({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  return (
    <ClientMessages route="stos">
      <ServicesPage searchParams={await searchParams} pathname="/stos" fixedFilter="sto" />
    </ClientMessages>
  );
}
