import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { AuditList } from "@/features/admin/components/audit-list";
import { BlockButton } from "@/features/admin/components/block-button";
import { getServiceForAdmin, recentAudit } from "@/features/admin/server/admin";
import { ServiceEditor } from "@/features/listings/components/service-editor";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { NotFoundError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string; serviceId: string }> };

export const generateMetadata = privatePageMetadata("Admin.editServiceTitle");

export default async function AdminServiceEditPage({ params }: Props) {
  const { locale: segment, serviceId } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", `/admin/services/${serviceId}/edit`, locale);
  const [t, service, history] = await Promise.all([
    getTranslations("Admin"),
    getServiceForAdmin(viewer, serviceId).catch((error: unknown) =>
      error instanceof NotFoundError ? notFound() : Promise.reject(error),
    ),
    recentAudit(viewer, "service", serviceId),
  ]);
  return (
    <ClientMessages route="admin/services/[serviceId]/edit">
      <section aria-labelledby="service-edit-title" className="mx-auto max-w-3xl space-y-6">
        <Link href="/admin/services" className="text-sm font-medium text-brand-700 hover:underline">
          ← {t("servicesTitle")}
        </Link>
        <h1 id="service-edit-title" className="text-2xl font-bold">
          {t("editServiceTitle")}
        </h1>
        <p className="text-sm text-slate-600">
          {service.role === "sto" ? t("roleSto") : t("roleMechanic")} ·{" "}
          {t("serviceStatus", {
            paid: String(service.role === "mechanic" || service.ispaid),
            blocked: String(service.isBlocked),
          })}
        </p>
        <ServiceEditor
          key={`${service.isBlocked}`}
          service={service}
          endpoint="/api/items/admin"
          afterDelete="/admin/stos"
          publicLink={!service.isBlocked && (service.role === "mechanic" || service.ispaid)}
          actions={<BlockButton url={`/api/items/admin/${service._id}/block`} isBlocked={service.isBlocked} />}
        />
        <AuditList entries={history} />
      </section>
    </ClientMessages>
  );
}
