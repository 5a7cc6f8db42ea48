import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { AuditList } from "@/features/admin/components/audit-list";
import { BlockButton } from "@/features/admin/components/block-button";
import { DeleteRowButton } from "@/features/admin/components/delete-row-button";
import { UserEditor } from "@/features/admin/components/user-editor";
import { getUser, recentAudit } from "@/features/admin/server/admin";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { NotFoundError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; userId: string }> };

export const generateMetadata = privatePageMetadata("Admin.editUserTitle");

export default async function AdminUserEditPage({ params }: Props) {
  const { locale: segment, userId } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", `/admin/users/${userId}/edit`, locale);
  const [t, user, history] = await Promise.all([
    getTranslations("Admin"),
    getUser(viewer, userId).catch((error: unknown) =>
      error instanceof NotFoundError ? notFound() : Promise.reject(error),
    ),
    recentAudit(viewer, "user", userId),
  ]);
  const isSelf = user._id === viewer.id;
  return (
    <ClientMessages route="admin/users/[userId]/edit">
      <section aria-labelledby="user-edit-title" className="mx-auto max-w-2xl space-y-6">
        <Link href="/admin/users" className="text-sm font-medium text-brand-700 hover:underline">
          ← {t("usersTitle")}
        </Link>
        <h1 id="user-edit-title" className="text-2xl font-bold">
          {t("editUserTitle")}
        </h1>
        {isSelf ? null : (
          <div className="flex flex-wrap gap-3">
            <BlockButton url={`/api/users/admin/${user._id}/block`} isBlocked={user.isBlocked} />
            <DeleteRowButton
              url={`/api/users/${user._id}`}
              label={t("deleteUserLabel", { name: user.name })}
              question={t("areYouSureUser", { name: user.name })}
              afterDelete="/admin/users"
            />
          </div>
        )}
        {user.isBlocked ? (
          <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">{t("statusBlocked")}</p>
        ) : null}
        <UserEditor user={user} isSelf={isSelf} />
        <AuditList entries={history} />
      </section>
    </ClientMessages>
  );
}
