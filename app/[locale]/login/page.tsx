import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { GuardNotice } from "@/app/_shell/guard-notice";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { LoginForm } from "@/features/accounts/components/login-form";
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
  return { title: t("loginTitle"), robots: { index: false } };
}

export default async function LoginPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const query = await searchParams;
  const target = safeRedirect(query.redirect);
  if (await getViewer()) redirect({ href: target, locale });
  const t = await getTranslations("Account");
  return (
    <ClientMessages route="login">
      <AuthCard title={t("loginTitle")}>
        <GuardNotice reason={query.reason} className="mb-4" />
        <LoginForm redirectTo={target} />
      </AuthCard>
    </ClientMessages>
  );
}
