import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { ConfirmEmail } from "@/features/accounts/components/confirm-email";
import { toLocale } from "@/i18n/locale";
import { safeRedirect } from "@/lib/http/safe-redirect";

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
  const query = await searchParams;
  const token = query.token;
  // The page the sign-up started from, carried by the link; only a path on this site.
  const target = safeRedirect(query.redirect, "/home");
  const t = await getTranslations("Account");
  return (
    <ClientMessages route="confirm-email">
      <AuthCard title={t("confirmTitle")}>
        {typeof token === "string" && token ? (
          <>
            <p className="mb-6 text-slate-700">{t("confirmText")}</p>
            <ConfirmEmail token={token} redirectTo={target === "/" ? "/home" : target} />
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
