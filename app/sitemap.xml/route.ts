import type { NextRequest } from "next/server";

import { sitemapFiles } from "@/features/catalog/server/sitemap";
import { sitemapIndexXml } from "@/features/catalog/sitemap-xml";
import { handle, xmlResponse } from "@/lib/http/answers";
import { appUrl } from "@/lib/site";

/** The sitemap index (robots.txt names it): one file per SERVICES_PER_SITEMAP services (features/catalog/server/sitemap.ts). */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const files = await sitemapFiles();
    return xmlResponse(
      sitemapIndexXml(
        files.map(({ file, lastModified }) => ({ url: `${appUrl()}/sitemap/${file}.xml`, lastModified })),
      ),
    );
  });
}
