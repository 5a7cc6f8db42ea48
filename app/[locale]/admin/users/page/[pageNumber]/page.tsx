import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { UsersView } from "@/features/admin/components/users-view";
import { toLocale } from "@/i18n/locale";

export { generateMetadata } from "@/app/[locale]/admin/users/page";

export default async function AdminUsersPageN({ params }: { params: Promise<{ locale: string; pageNumber: string }> }) {
  const { locale: segment, pageNumber } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", `/admin/users/page/${pageNumber}`, locale);
  if (!/^\d{1,6}$/.test(pageNumber) || Number(pageNumber) < 1) notFound();
  return (
    <ClientMessages route="admin/users/page/[pageNumber]">
      <UsersView viewer={viewer} keyword="" page={Number(pageNumber)} />
    </ClientMessages>
  );
}
