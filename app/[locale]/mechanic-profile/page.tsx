import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { HoursFreshnessPanel } from "@/features/hours/components/hours-freshness";
import { LiveStatusPanel } from "@/features/hours/components/live-status-panel";
import { SpecialHoursEditor } from "@/features/hours/components/special-hours-editor";
import { ownHoursFreshness } from "@/features/hours/server/hours-freshness";
import { specialHoursEditing } from "@/features/hours/server/opening-exceptions";
import { ServiceEditor } from "@/features/listings/components/service-editor";
import { getOwnMechanic } from "@/features/listings/server/listings";
import { PriceEditor } from "@/features/prices/components/price-editor";
import { getOwnPrices } from "@/features/prices/server/prices";
import { StatsPanel } from "@/features/stats/components/stats-panel";
import { getServiceStats } from "@/features/stats/server/service-stats";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

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
