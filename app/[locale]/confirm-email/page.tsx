import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthCard } from "@/components/account/auth-page";
import { ConfirmEmail } from "@/components/account/confirm-email";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale === "uk" ? "uk" : "en", namespace: "Metadata" });
  return { title: t("confirmTitle"), robots: { index: false } };
}

export default async function ConfirmEmailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  const token = (await searchParams).token;
  const t = await getTranslations("Account");
  return (
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
  );
}
