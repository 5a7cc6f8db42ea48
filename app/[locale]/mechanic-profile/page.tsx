import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ServiceEditor } from "@/components/listing/service-editor";
import { guardPage } from "@/lib/server/guards";
import { getOwnMechanic } from "@/lib/server/listings";

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: "Listing" });
  return { title: t("profileTitle"), robots: { index: false } };
}

export default async function MechanicProfilePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  const viewer = await guardPage("mechanic", "/mechanic-profile", locale);
  const [t, mechanic] = await Promise.all([getTranslations("Listing"), getOwnMechanic(viewer)]);
  return (
    <section aria-labelledby="profile-title" className="mx-auto max-w-3xl space-y-6">
      <h1 id="profile-title" className="text-2xl font-bold">
        {t("profileTitle")}
      </h1>
      <ServiceEditor service={mechanic} endpoint="/api/items/users" afterDelete="/home" />
    </section>
  );
}
