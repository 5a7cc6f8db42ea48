import { setRequestLocale } from "next-intl/server";
import { UsersView } from "@/components/admin/users-view";
import { guardPage } from "@/lib/server/guards";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Admin", "usersTitle");

export default async function AdminUsersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  const viewer = await guardPage("admin", "/admin/users", locale);
  return <UsersView viewer={viewer} keyword="" page={1} />;
}
