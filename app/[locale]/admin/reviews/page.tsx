import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { HoursReports } from "@/features/admin/components/hours-reports";
import { ReviewsQueue } from "@/features/admin/components/reviews-queue";
import { listHoursReports } from "@/features/hours/server/hours-freshness";
import { toLocale } from "@/i18n/locale";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ sort?: string; view?: string }> };

export const generateMetadata = privatePageMetadata("Admin.reviewsPageTitle");

export default async function AdminReviewsPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/reviews", locale);
  const { sort, view } = await searchParams;
  const hoursReports = await listHoursReports(viewer);
  return (
    <ClientMessages route="admin/reviews">
      <div className="space-y-10">
        <ReviewsQueue
          viewer={viewer}
          locale={locale}
          view={view === "hidden" ? "hidden" : sort === "newest" ? "newest" : "reported"}
        />
        <HoursReports rows={hoursReports} />
      </div>
    </ClientMessages>
  );
}
