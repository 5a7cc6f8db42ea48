import { RedirectType } from "next/navigation";

import { toLocale } from "@/i18n/locale";
import { redirect } from "@/i18n/navigation";

export default async function AdminPage({ params }: { params: Promise<{ locale: string }> }) {
  redirect({ href: "/admin/users", locale: toLocale((await params).locale) }, RedirectType.replace);
}
