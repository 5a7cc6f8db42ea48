import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { decodeSegment, UsersView } from "@/features/admin/components/users-view";
import { toLocale } from "@/i18n/locale";

export { generateMetadata } from "@/app/[locale]/admin/users/page";

export default async function AdminUsersSearchPageN({
  params,
}: {
  params: Promise<{ locale: string; keyword: string; pageNumber: string }>;
}) {
  const { locale: segment, keyword, pageNumber } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", `/admin/users/search/${keyword}/page/${pageNumber}`, locale);
  if (!/^\d{1,6}$/.test(pageNumber) || Number(pageNumber) < 1) notFound();
  return (
    <ClientMessages route="admin/users/search/[keyword]/page/[pageNumber]">
      <UsersView viewer={viewer} keyword={decodeSegment(keyword)} page={Number(pageNumber)} />
    </ClientMessages>
  );
}
