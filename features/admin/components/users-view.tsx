import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";

import type { Viewer } from "@/features/accounts/server/session";
import { listUsers } from "@/features/admin/server/admin";
import { AppError } from "@/lib/http/errors";

import { editDeleteColumn, flagColumn, imageColumn, mailColumn } from "./admin-columns";
import { AdminList } from "./admin-list";

/** A path segment as typed: Next 16.4.6 hands it over encoded or not, and "50%" must not throw. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** /admin/users, /admin/users/page/{n}, /admin/users/search/{keyword}[/page/{n}]. */
export async function UsersView({ viewer, keyword, page }: { viewer: Viewer; keyword: string; page: number }) {
  const t = await getTranslations("Admin");
  const result = await listUsers(viewer, { keyword, page: String(page) }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 400) notFound();
    throw error;
  });
  type User = (typeof result.users)[number];
  const yesNo = { yes: t("yes"), no: t("no") };
  const base = keyword ? `/admin/users/search/${encodeURIComponent(keyword)}` : "/admin/users";
  return (
    <AdminList<User>
      id="users-title"
      title={t("usersTitle")}
      search={{ label: t("searchUsers"), hint: t("searchUsersHint"), initial: keyword, hrefFor: "users" }}
      rows={result.users}
      rowKey={(user) => user._id}
      empty={t("noUsers")}
      page={result.page}
      pages={result.pages}
      hrefFor={(n) => (n === 1 ? base : `${base}/page/${n}`)}
      columns={[
        { heading: t("id"), kind: "id", cell: (user) => user._id },
        { heading: t("name"), cell: (user) => user.name },
        mailColumn(t("email"), (user) => user.email),
        imageColumn(t("image")),
        flagColumn(t("blocked"), (user) => user.isBlocked, yesNo, "text-red-700"),
        flagColumn(t("admin"), (user) => user.isAdmin, yesNo, "text-brand-700"),
        editDeleteColumn(t("actions"), (user) => ({
          href: `/admin/users/${user._id}/edit`,
          name: user.name,
          // An admin does not delete their own account from the list.
          remove:
            user._id === viewer.id
              ? undefined
              : { url: `/api/users/${user._id}`, question: t("areYouSureUser", { name: user.name }) },
        })),
      ]}
    />
  );
}
