import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";

import type { Viewer } from "@/features/accounts/server/session";
import { listServicesForAdmin } from "@/features/admin/server/admin";
import { Link } from "@/i18n/navigation";
import { AppError } from "@/lib/http/errors";

import { editDeleteColumn, flagColumn, imageColumn, mailColumn } from "./admin-columns";
import { AdminList } from "./admin-list";

/** /admin/services?keyword&page: every station and master, unpaid and blocked ones marked. */
export async function ServicesView({ viewer, keyword, page }: { viewer: Viewer; keyword: string; page: string }) {
  const [t, tl] = await Promise.all([getTranslations("Admin"), getTranslations("Listing")]);
  const result = await listServicesForAdmin(viewer, { keyword, page }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 400) notFound();
    throw error;
  });
  type Service = (typeof result.stos)[number];
  const hrefFor = (n: number) => {
    const query = new URLSearchParams({
      ...(keyword ? { keyword } : {}),
      ...(n > 1 ? { page: String(n) } : {}),
    }).toString();
    return `/admin/services${query ? `?${query}` : ""}`;
  };
  return (
    <AdminList<Service>
      id="services-title"
      title={t("servicesTitle")}
      search={{ label: t("searchServices"), hint: t("searchServicesHint"), initial: keyword, hrefFor: "services" }}
      rows={result.stos}
      rowKey={(sto) => sto._id}
      empty={t("noServices")}
      page={result.page}
      pages={result.pages}
      hrefFor={hrefFor}
      columns={[
        { heading: t("id"), kind: "id", cell: (sto) => sto._id },
        {
          heading: t("user"),
          cell: (sto) =>
            sto.user ? (
              <Link href={`/admin/users/${sto.user}/edit`} className="text-brand-700 underline">
                {sto.userName}
              </Link>
            ) : (
              <span className="text-slate-600">{t("osmUnclaimed")}</span>
            ),
        },
        {
          heading: t("serviceName"),
          cell: (sto) => (
            <>
              <span className="font-medium">{sto.name}</span>
              <span className="ml-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                {sto.role === "sto" ? t("roleSto") : t("roleMechanic")}
              </span>
              {sto.role === "sto" && !sto.ispaid && sto.claimed ? (
                <span className="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                  {t("unpaid")}
                </span>
              ) : null}
            </>
          ),
        },
        mailColumn(t("contactMail"), (sto) => sto.contactMail),
        imageColumn(t("image")),
        flagColumn(t("blocked"), (sto) => sto.isBlocked, { yes: t("yes"), no: t("no") }, "text-red-700"),
        editDeleteColumn(t("actions"), (sto) => ({
          href: `/admin/services/${sto._id}/edit`,
          name: sto.name,
          remove: { url: `/api/items/admin/${sto._id}`, question: tl("areYouSureDelete", { name: sto.name }) },
        })),
      ]}
    />
  );
}
