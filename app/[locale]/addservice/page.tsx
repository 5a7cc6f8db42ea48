import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { AddServiceForm } from "@/features/listings/components/add-service";
import { getStationOrder } from "@/features/listings/server/listings";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Listing.addTitle");

export default async function AddServicePage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("signedIn", "/addservice", locale);
  const [t, draft] = await Promise.all([getTranslations("Listing"), getStationOrder(viewer)]);
  return (
    <ClientMessages route="addservice">
      <section aria-labelledby="add-title" className="mx-auto max-w-3xl space-y-6">
        <header>
          <h1 id="add-title" className="text-2xl font-bold">
            {t("addTitle")}
          </h1>
          <p className="mt-2 text-slate-600">{t("addIntro")}</p>
        </header>
        <AddServiceForm draft={draft} />
      </section>
    </ClientMessages>
  );
}
