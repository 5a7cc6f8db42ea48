import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { MechanicRegisterForm } from "@/features/listings/components/mechanic-register";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Listing.mechanicTitle");

export default async function MechanicRegisterPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  await guardPage("noMechanic", "/mechanicregister", locale);
  const t = await getTranslations("Listing");
  return (
    <ClientMessages route="mechanicregister">
      <section aria-labelledby="mechanic-title" className="mx-auto max-w-3xl space-y-6">
        <header>
          <h1 id="mechanic-title" className="text-2xl font-bold">
            {t("mechanicTitle")}
          </h1>
          <p className="mt-2 text-slate-600">{t("mechanicIntro")}</p>
        </header>
        <MechanicRegisterForm />
      </section>
    </ClientMessages>
  );
}
