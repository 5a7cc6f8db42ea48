import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { GuardNotice } from "@/app/_shell/guard-notice";
import { AuthCard } from "@/features/accounts/components/auth-page";
import { TwoStepSettings } from "@/features/accounts/components/two-step-settings";
import { guardPage } from "@/features/accounts/server/guards";
import { mfaStatus } from "@/features/accounts/server/mfa";
import { AccountSecurity } from "@/features/my-account/components/account-security";
import { ProfileForm } from "@/features/my-account/components/profile-form";
import { NotificationSettings } from "@/features/notifications/components/notification-settings";
import { getNotificationSettings } from "@/features/notifications/server/settings";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata("Profile.title");

export default async function ProfilePage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("signedIn", "/profile", locale);
  const [t, status, notifications, { reason }] = await Promise.all([
    getTranslations("Profile"),
    mfaStatus(viewer.id),
    getNotificationSettings(viewer),
    searchParams,
  ]);
  return (
    <ClientMessages route="profile">
      <>
        <AuthCard title={t("title")}>
          {/* An admin sent here to turn on the second factor is told why (guards.ts). */}
          <GuardNotice reason={reason} className="mb-4" />
          <ProfileForm
            key={`${viewer.name}|${viewer.email}`}
            user={{ name: viewer.name, email: viewer.email, image: viewer.imageUrl }}
          />
        </AuthCard>
        <NotificationSettings initial={notifications} />
        <TwoStepSettings status={status} email={viewer.email} required={viewer.adminAwaitingMfa} />
        <AccountSecurity />
      </>
    </ClientMessages>
  );
}
