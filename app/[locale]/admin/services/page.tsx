import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ServicesView } from "@/components/admin/services-view";
import { guardPage } from "@/lib/server/guards";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: "Admin" });
  return { title: t("servicesTitle"), robots: { index: false } };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function AdminServicesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  const query = await searchParams;
  const viewer = await guardPage("admin", "/admin/services", locale);
  const keyword = first(query.keyword).trim();
  return <ServicesView viewer={viewer} keyword={keyword === "null" ? "" : keyword} page={first(query.page) || "1"} />;
}
