import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { decodeSegment, UsersView } from "@/features/admin/components/users-view";
import { toLocale } from "@/i18n/locale";

export { generateMetadata } from "@/app/[locale]/admin/users/page";

export default async function AdminUsersSearchPage({
  params,
}: {
  params: Promise<{ locale: string; keyword: string }>;
}) {
  const { locale: segment, keyword } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  const text = decodeSegment(keyword);
  const viewer = await guardPage("admin", `/admin/users/search/${keyword}`, locale);
  return (
    <ClientMessages route="admin/users/search/[keyword]">
      <UsersView viewer={viewer} keyword={text} page={1} />
    </ClientMessages>
  );
}
