import { redirect, RedirectType } from "next/navigation";

export default async function AdminPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  redirect(`${locale === "uk" ? "/ua" : ""}/admin/users`, RedirectType.replace);
}
