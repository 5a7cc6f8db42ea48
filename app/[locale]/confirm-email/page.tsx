import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/components/layout/client-messages";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { ConfirmEmail } from "@/features/accounts/components/confirm-email";
import { toLocale } from "@/i18n/locale";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return { title: t("confirmTitle"), robots: { index: false } };
}

export default async function ConfirmEmailPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const token = (await searchParams).token;
  const t = await getTranslations("Account");
  return (
    <ClientMessages route="confirm-email">
      <AuthCard title={t("confirmTitle")}>
        {typeof token === "string" && token ? (
          <>
            <p className="mb-6 text-slate-700">{t("confirmText")}</p>
            <ConfirmEmail token={token} />
          </>
        ) : (
          <p role="alert" className="text-slate-700">
            {t("confirmMissing")}
          </p>
        )}
      </AuthCard>
    </ClientMessages>
  );
}
