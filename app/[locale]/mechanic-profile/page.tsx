import { getTranslations, setRequestLocale } from "next-intl/server";
import { HoursFreshnessPanel } from "@/components/listing/hours-freshness";
import { LiveStatusPanel } from "@/components/listing/live-status-panel";
import { StatsPanel } from "@/components/listing/stats-panel";
import { ServiceEditor } from "@/components/listing/service-editor";
import { PriceEditor } from "@/components/listing/price-editor";
import { SpecialHoursEditor } from "@/components/listing/special-hours-editor";
import { toLocale } from "@/i18n/locale";
import { guardPage } from "@/lib/server/guards";
import { ownHoursFreshness } from "@/lib/server/hours-freshness";
import { getOwnMechanic } from "@/lib/server/listings";
import { specialHoursEditing } from "@/lib/server/opening-exceptions";
import { getOwnPrices } from "@/lib/server/prices";
import { getServiceStats } from "@/lib/server/service-stats";
import { privatePageMetadata } from "@/lib/page-metadata";
import { ClientMessages } from "@/components/layout/client-messages";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Listing.profileTitle");

export default async function MechanicProfilePage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("mechanic", "/mechanic-profile", locale);
  const [t, mechanic] = await Promise.all([getTranslations("Listing"), getOwnMechanic(viewer)]);
  const [special, freshness, prices, stats] = await Promise.all([
    specialHoursEditing(viewer, mechanic._id),
    ownHoursFreshness(viewer, [mechanic._id]),
    getOwnPrices(viewer, mechanic._id),
    getServiceStats(viewer, mechanic._id),
  ]);
  return (
    <ClientMessages route="mechanic-profile">
      <section aria-labelledby="profile-title" className="mx-auto max-w-3xl space-y-6">
        <h1 id="profile-title" className="text-2xl font-bold">
          {t("profileTitle")}
        </h1>
        <LiveStatusPanel serviceId={mechanic._id} initial={mechanic.liveStatus} timeZone={mechanic.timeZone} />
        <HoursFreshnessPanel serviceId={mechanic._id} freshness={freshness.get(mechanic._id)!} />
        <StatsPanel stats={stats} />
        <ServiceEditor service={mechanic} endpoint="/api/items/users" afterDelete="/home" />
        <SpecialHoursEditor serviceId={mechanic._id} {...special} />
        <PriceEditor serviceId={mechanic._id} initial={prices} />
      </section>
    </ClientMessages>
  );
}
