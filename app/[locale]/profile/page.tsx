import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "@/components/account/auth-page";
import { ProfileForm } from "@/components/account/profile-form";
import { guardPage } from "@/lib/server/guards";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: "Profile" });
  return { title: t("title"), robots: { index: false } };
}

export default async function ProfilePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  const viewer = await guardPage("signedIn", "/profile", locale);
  const t = await getTranslations("Profile");
  return (
    <AuthCard title={t("title")}>
      <ProfileForm key={`${viewer.name}|${viewer.email}`} user={{ name: viewer.name, email: viewer.email, image: viewer.imageUrl }} />
    </AuthCard>
  );
}
