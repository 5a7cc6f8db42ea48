import { redirect, RedirectType } from "next/navigation";

/** The spec's name for the admin services list. */
export default async function AdminStosPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  redirect(`${locale === "uk" ? "/ua" : ""}/admin/services`, RedirectType.replace);
}
