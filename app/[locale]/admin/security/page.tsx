import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { SecurityLogView } from "@/features/admin/components/security-log-view";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata("SecurityLog.title");

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** /admin/security?kind&account&ip&from&to&page: the security log, admins only. */
export default async function AdminSecurityPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const query = await searchParams;
  const viewer = await guardPage("admin", "/admin/security", locale);
  const filters = Object.fromEntries(
    (["kind", "account", "ip", "from", "to", "page"] as const).map((name) => [name, first(query[name])]),
  ) as Record<"kind" | "account" | "ip" | "from" | "to" | "page", string>;
  return (
    <ClientMessages route="admin/security">
      <SecurityLogView viewer={viewer} filters={filters} />
    </ClientMessages>
  );
}
