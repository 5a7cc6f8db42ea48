import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ServicesPage } from "@/components/services/services-page";
import { alternatesFor } from "@/lib/site";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: "Metadata" });
  return { title: t("stationsTitle"), alternates: alternatesFor("/stos", locale) };
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  return <ServicesPage searchParams={await searchParams} pathname="/stos" fixedFilter="sto" />;
}
