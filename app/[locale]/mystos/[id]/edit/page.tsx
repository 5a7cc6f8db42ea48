import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { SpecialHoursEditor } from "@/features/hours/components/special-hours-editor";
import { specialHoursEditing } from "@/features/hours/server/opening-exceptions";
import { ServiceEditor } from "@/features/listings/components/service-editor";
import { getOwnService } from "@/features/listings/server/listings";
import { PriceEditor } from "@/features/prices/components/price-editor";
import { getOwnPrices } from "@/features/prices/server/prices";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { AppError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata("Listing.editStationTitle");

export default async function EditStationPage({ params }: Props) {
  const { locale: segment, id } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  const viewer = await guardPage("stationOwner", `/mystos/${id}/edit`, locale);
  const station = await getOwnService(viewer, id).catch((error: unknown) => {
    // Someone else's station looks the same as a missing one: nothing to learn from the id.
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  });
  const [t, special, prices] = await Promise.all([
    getTranslations("Listing"),
    specialHoursEditing(viewer, station._id),
    getOwnPrices(viewer, station._id),
  ]);
  return (
    <ClientMessages route="mystos/[id]/edit">
      <section aria-labelledby="edit-title" className="mx-auto max-w-3xl space-y-6">
        <Link href="/mystos" className="text-sm font-medium text-brand-700 hover:underline">
          ← {t("myStationsTitle")}
        </Link>
        <h1 id="edit-title" className="text-2xl font-bold">
          {t("editStationTitle")}
        </h1>
        <ServiceEditor service={station} endpoint="/api/items/users" afterDelete="/mystos" />
        <SpecialHoursEditor serviceId={station._id} {...special} />
        <PriceEditor serviceId={station._id} initial={prices} />
      </section>
    </ClientMessages>
  );
}
