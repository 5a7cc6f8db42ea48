import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { listServicesForAdmin } from "@/features/admin/server/admin";
import { AppError } from "@/lib/http/errors";
import type { Viewer } from "@/features/accounts/server/session";
import { AdminSearch } from "./admin-search";
import { AdminCell, AdminRow, AdminTable } from "./admin-table";
import { DeleteRowButton } from "./delete-row-button";
import { AdminPager } from "@/components/ui/pager";

/** /admin/services?keyword&page: every station and master, unpaid and blocked ones marked. */
export async function ServicesView({ viewer, keyword, page }: { viewer: Viewer; keyword: string; page: string }) {
  const [t, tl] = await Promise.all([getTranslations("Admin"), getTranslations("Listing")]);
  const result = await listServicesForAdmin(viewer, { keyword, page }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 400) notFound();
    throw error;
  });
  const hrefFor = (n: number) => {
    const query = new URLSearchParams({ ...(keyword ? { keyword } : {}), ...(n > 1 ? { page: String(n) } : {}) }).toString();
    return `/admin/services${query ? `?${query}` : ""}`;
  };
  return (
    <section aria-labelledby="services-title" className="space-y-4">
      <h1 id="services-title" className="text-2xl font-bold">
        {t("servicesTitle")}
      </h1>
      <AdminSearch label={t("searchServices")} hint={t("searchServicesHint")} initial={keyword} hrefFor="services" />
      {result.stos.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("noServices")}</p>
      ) : (
        <AdminTable headings={[t("id"), t("user"), t("serviceName"), t("contactMail"), t("image"), t("blocked"), t("actions")]}>
          {result.stos.map((sto) => (
            <AdminRow key={sto._id}>
              <AdminCell label={t("id")} title={sto._id} id>
                {sto._id}
              </AdminCell>
              <AdminCell label={t("user")}>
                <Link href={`/admin/users/${sto.user}/edit`} className="text-brand-700 underline">
                  {sto.userName}
                </Link>
              </AdminCell>
              <AdminCell label={t("serviceName")}>
                <span className="font-medium">{sto.name}</span>
                <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{sto.role === "sto" ? t("roleSto") : t("roleMechanic")}</span>
                {sto.role === "sto" && !sto.ispaid ? (
                  <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">{t("unpaid")}</span>
                ) : null}
              </AdminCell>
              <AdminCell label={t("contactMail")}>
                <a href={`mailto:${sto.contactMail}`} className="text-brand-700 underline">
                  {sto.contactMail}
                </a>
              </AdminCell>
              <AdminCell label={t("image")}>
                {sto.image ? (
                  // eslint-disable-next-line @next/next/no-img-element -- our own immutable upload
                  <img src={sto.image} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </AdminCell>
              <AdminCell label={t("blocked")}>{sto.isBlocked ? <span className="font-medium text-red-700">{t("yes")}</span> : t("no")}</AdminCell>
              <AdminCell>
                <div className="flex gap-2 whitespace-nowrap">
                  <Link
                    href={`/admin/services/${sto._id}/edit`}
                    aria-label={t("editUserLabel", { name: sto.name })}
                    className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
                  >
                    {t("edit")}
                  </Link>
                  <DeleteRowButton
                    url={`/api/items/admin/${sto._id}`}
                    label={t("deleteUserLabel", { name: sto.name })}
                    question={tl("areYouSureDelete", { name: sto.name })}
                  />
                </div>
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}
      <AdminPager page={result.page} pages={result.pages} hrefFor={hrefFor} />
    </section>
  );
}
