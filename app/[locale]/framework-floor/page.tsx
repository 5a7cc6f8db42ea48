import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";

import { env } from "@/lib/env";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * npm run bench's framework floor: the site's layout (header, footer, fonts, scripts) around a
 * page that reads nothing, so each page's cost is told as a ratio to what Next and the layout cost
 * on the same machine. Served only when the bench starts the app with BENCH_FRAMEWORK_FLOOR=1.
 */
export default async function FrameworkFloor() {
  if (!env.BENCH_FRAMEWORK_FLOOR) notFound();
  const t = await getTranslations("Metadata");
  return <h1 className="text-2xl font-bold">{t("productName")}</h1>;
}
