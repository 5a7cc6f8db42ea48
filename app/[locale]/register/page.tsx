import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { RegisterForm } from "@/features/accounts/components/register-form";
import { getViewer } from "@/features/accounts/server/session";
import { toLocale } from "@/i18n/locale";
import { redirect } from "@/i18n/navigation";
import { safeRedirect } from "@/lib/http/safe-redirect";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = toLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: "Metadata" });
  return { title: t("registerTitle"), robots: { index: false } };
}

export default async function RegisterPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const target = safeRedirect((await searchParams).redirect);
  if (await getViewer()) redirect({ href: target, locale });
  const t = await getTranslations("Account");
  return (
    <ClientMessages route="register">
      <AuthCard title={t("registerTitle")}>
        <RegisterForm redirectTo={target} />
      </AuthCard>
    </ClientMessages>
  );
}
