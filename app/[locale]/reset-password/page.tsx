import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { ResetPasswordForm } from "@/features/accounts/components/reset-password-form";
import { resetLinkEmail } from "@/features/accounts/server/password-reset";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata("Metadata.resetTitle");

export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const token = (await searchParams).token;
  const t = await getTranslations("Account");
  return (
    <ClientMessages route="reset-password">
      <AuthCard title={t("resetTitle")}>
        {typeof token === "string" && token ? (
          <ResetPasswordForm token={token} email={await resetLinkEmail(token)} />
        ) : (
          <div role="alert" className="space-y-4 text-slate-700">
            <p>{t("resetMissing")}</p>
            <Link href="/forgot-password" className="inline-block font-medium text-brand-700 underline">
              {t("askAgain")}
            </Link>
          </div>
        )}
      </AuthCard>
    </ClientMessages>
  );
}
