import { setRequestLocale } from "next-intl/server";
import { ReviewsQueue } from "@/components/admin/reviews-queue";
import { guardPage } from "@/lib/server/guards";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ sort?: string }> };

export const generateMetadata = privatePageMetadata("Admin", "reviewsTitle");

export default async function AdminReviewsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale === "uk" ? "uk" : "en");
  const viewer = await guardPage("admin", "/admin/reviews", locale);
  const { sort } = await searchParams;
  return <ReviewsQueue viewer={viewer} locale={locale === "uk" ? "uk" : "en"} sort={sort === "newest" ? "newest" : "reported"} />;
}
