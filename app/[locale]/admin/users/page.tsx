import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { UsersView } from "@/components/admin/users-view";
import { guardPage } from "@/lib/server/guards";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: "Admin" });
  return { title: t("usersTitle"), robots: { index: false } };
}

export default async function AdminUsersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  const viewer = await guardPage("admin", "/admin/users", locale);
  return <UsersView viewer={viewer} keyword="" page={1} />;
}
