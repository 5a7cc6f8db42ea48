import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { ConfirmEmailChange } from "@/features/accounts/components/confirm-email-change";
import { signedInToChangingAccount } from "@/features/my-account/server/profile";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata("Metadata.emailChangeTitle");

export default async function ConfirmEmailChangePage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const token = (await searchParams).token;
  const t = await getTranslations("Account");
  const ownerSignedIn = typeof token === "string" && token ? await signedInToChangingAccount(token) : false;
  return (
    <ClientMessages route="confirm-email-change">
      <AuthCard title={t("emailChangeTitle")}>
        {typeof token === "string" && token ? (
          <>
            <p className="mb-6 text-slate-700">{t(ownerSignedIn ? "emailChangeText" : "emailChangePasswordText")}</p>
            <ConfirmEmailChange token={token} ownerSignedIn={ownerSignedIn} />
          </>
        ) : (
          <p role="alert" className="text-slate-700">
            {t("emailChangeMissing")}
          </p>
        )}
      </AuthCard>
    </ClientMessages>
  );
}
