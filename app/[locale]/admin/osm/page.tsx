import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { OsmPanel } from "@/features/admin/components/osm-panel";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Admin.osmPageTitle");

export default async function AdminOsmPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/osm", locale);
  return (
    <ClientMessages route="admin/osm">
      <OsmPanel viewer={viewer} locale={locale} />
    </ClientMessages>
  );
}
