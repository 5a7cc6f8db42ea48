import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { listUsers } from "@/features/admin/server/admin";
import { AppError } from "@/lib/http/errors";
import type { Viewer } from "@/features/accounts/server/session";
import { AdminSearch } from "./admin-search";
import { AdminCell, AdminRow, AdminTable } from "./admin-table";
import { DeleteRowButton } from "./delete-row-button";
import { AdminPager } from "@/components/ui/pager";

/** A path segment as typed: Next may hand it over encoded or not, and "50%" must not throw. */
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
  const base = keyword ? `/admin/users/search/${encodeURIComponent(keyword)}` : "/admin/users";
  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <h1 id="users-title" className="text-2xl font-bold">
        {t("usersTitle")}
      </h1>
      <AdminSearch label={t("searchUsers")} hint={t("searchUsersHint")} initial={keyword} hrefFor="users" />
      {result.users.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("noUsers")}</p>
      ) : (
        <AdminTable headings={[t("id"), t("name"), t("email"), t("image"), t("blocked"), t("admin"), t("actions")]}>
          {result.users.map((user) => (
            <AdminRow key={user._id}>
              <AdminCell label={t("id")} title={user._id} id>
                {user._id}
              </AdminCell>
              <AdminCell label={t("name")}>{user.name}</AdminCell>
              <AdminCell label={t("email")}>
                <a href={`mailto:${user.email}`} className="text-brand-700 underline">
                  {user.email}
                </a>
              </AdminCell>
              <AdminCell label={t("image")}>
                {user.image ? (
                  // eslint-disable-next-line @next/next/no-img-element -- our own immutable upload
                  <img src={user.image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </AdminCell>
              <AdminCell label={t("blocked")}>{user.isBlocked ? <span className="font-medium text-red-700">{t("yes")}</span> : t("no")}</AdminCell>
              <AdminCell label={t("admin")}>{user.isAdmin ? <span className="font-medium text-brand-700">{t("yes")}</span> : t("no")}</AdminCell>
              <AdminCell>
                <div className="flex gap-2 whitespace-nowrap">
                  <Link
                    href={`/admin/users/${user._id}/edit`}
                    aria-label={t("editUserLabel", { name: user.name })}
                    className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
                  >
                    {t("edit")}
                  </Link>
                  {user._id === viewer.id ? null : (
                    <DeleteRowButton
                      url={`/api/users/${user._id}`}
                      label={t("deleteUserLabel", { name: user.name })}
                      question={t("areYouSureUser", { name: user.name })}
                    />
                  )}
                </div>
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}
      <AdminPager page={result.page} pages={result.pages} hrefFor={(n) => (n === 1 ? base : `${base}/page/${n}`)} />
    </section>
  );
}
