import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { ServicesView } from "@/features/admin/components/services-view";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata("Admin.servicesTitle");

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function AdminServicesPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const query = await searchParams;
  const viewer = await guardPage("admin", "/admin/services", locale);
  const keyword = first(query.keyword).trim();
  return (
    <ClientMessages route="admin/services">
      <ServicesView viewer={viewer} keyword={keyword === "null" ? "" : keyword} page={first(query.page) || "1"} />
    </ClientMessages>
  );
}
