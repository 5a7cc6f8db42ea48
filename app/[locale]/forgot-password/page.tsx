import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { ForgotPasswordForm } from "@/features/accounts/components/forgot-password-form";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Metadata.forgotTitle");

export default async function ForgotPasswordPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations("Account");
  return (
    <ClientMessages route="forgot-password">
      <AuthCard title={t("forgotTitle")}>
        <ForgotPasswordForm />
      </AuthCard>
    </ClientMessages>
  );
}
