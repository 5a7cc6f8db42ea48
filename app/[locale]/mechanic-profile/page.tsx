import { getTranslations, setRequestLocale } from "next-intl/server";
import { ServiceEditor } from "@/components/listing/service-editor";
import { toLocale } from "@/i18n/locale";
import { guardPage } from "@/lib/server/guards";
import { getOwnMechanic } from "@/lib/server/listings";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Listing.profileTitle");

export default async function MechanicProfilePage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
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
