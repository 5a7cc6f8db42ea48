import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { UsersView } from "@/features/admin/components/users-view";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Admin.usersTitle");

export default async function AdminUsersPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/users", locale);
  return (
    <ClientMessages route="admin/users">
      <UsersView viewer={viewer} keyword="" page={1} />
    </ClientMessages>
  );
}
