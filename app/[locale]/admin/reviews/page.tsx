import { setRequestLocale } from "next-intl/server";
import { ReviewsQueue } from "@/components/admin/reviews-queue";
import { toLocale } from "@/i18n/locale";
import { guardPage } from "@/lib/server/guards";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ sort?: string }> };

export const generateMetadata = privatePageMetadata("Admin.reviewsTitle");

export default async function AdminReviewsPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("admin", "/admin/reviews", locale);
  const { sort } = await searchParams;
  return <ReviewsQueue viewer={viewer} locale={locale} sort={sort === "newest" ? "newest" : "reported"} />;
}
