import { getTranslations } from "next-intl/server";

import { MANIFEST_PATHS, webAppManifest } from "@/features/offline/manifest";
import { routing } from "@/i18n/routing";

/** /manifests/en.webmanifest and /manifests/uk.webmanifest, written when the app is built; any other name is a 404. */
export const dynamic = "force-static";
export const dynamicParams = false;

const fileOf = (locale: string) => MANIFEST_PATHS[locale as keyof typeof MANIFEST_PATHS].split("/").pop()!;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ file: fileOf(locale) }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const locale = routing.locales.find((candidate) => fileOf(candidate) === file)!;
  const t = await getTranslations({ locale, namespace: "Metadata" });
  const manifest = webAppManifest(locale, { name: t("productName"), description: t("description") });
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8" },
  });
}
