import { useTranslations } from "next-intl";

import { AdminRequestsFilters } from "../../components/admin-requests";
import type { AdminDisputeView } from "../answers";
import { AdminDisputes } from "./admin-disputes";

/** /admin/requests?view=disputes: the page's heading and filters over the queue of disputed jobs. */
export function AdminDisputesView({ disputes, total }: { disputes: AdminDisputeView[]; total: number }) {
  const t = useTranslations("AdminRequests");
  const tj = useTranslations("Job");
  return (
    <section aria-labelledby="admin-requests-title" className="space-y-4">
      <div>
        <h1 id="admin-requests-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="text-sm text-slate-600">{tj("admin.intro", { count: total })}</p>
      </div>
      <AdminRequestsFilters disputes />
      <AdminDisputes disputes={disputes} />
    </section>
  );
}
