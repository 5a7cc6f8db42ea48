import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { ClaimsQueue } from "@/features/claims/components/claims-queue";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ page?: string | string[] }> };

export const generateMetadata = privatePageMetadata("Claims.admin.title");

export default async function AdminClaimsPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/claims", locale);
  const { page } = await searchParams;
  return (
    <ClientMessages route="admin/claims">
      <ClaimsQueue viewer={viewer} locale={locale} page={page} />
    </ClientMessages>
  );
}
