import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/components/layout/client-messages";
import { AccountSecurity } from "@/features/accounts/components/account-security";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { ProfileForm } from "@/features/accounts/components/profile-form";
import { guardPage } from "@/features/accounts/server/guards";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Profile.title");

export default async function ProfilePage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("signedIn", "/profile", locale);
  const t = await getTranslations("Profile");
  return (
    <ClientMessages route="profile">
      <>
        <AuthCard title={t("title")}>
          <ProfileForm
            key={`${viewer.name}|${viewer.email}`}
            user={{ name: viewer.name, email: viewer.email, image: viewer.imageUrl }}
          />
        </AuthCard>
        <AccountSecurity />
      </>
    </ClientMessages>
  );
}
