import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { InboxView } from "@/features/admin/components/inbox-view";
import { toLocale } from "@/i18n/locale";
import { JOBS } from "@/jobs";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Admin.inboxTitle");

export default async function AdminInboxPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/inbox", locale);
  return (
    <ClientMessages route="admin/inbox">
      <InboxView viewer={viewer} locale={locale} jobs={JOBS} />
    </ClientMessages>
  );
}
