import type { NextRequest } from "next/server";
import { handle, xmlResponse } from "@/lib/server/http";
import { sitemapFiles } from "@/lib/server/sitemap";
import { appUrl } from "@/lib/site";
import { sitemapIndexXml } from "@/lib/sitemap-xml";

/** The sitemap index (robots.txt names it): one file per SERVICES_PER_SITEMAP services (lib/server/sitemap.ts). */
export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const files = await sitemapFiles();
    return xmlResponse(sitemapIndexXml(files.map(({ file, lastModified }) => ({ url: `${appUrl()}/sitemap/${file}.xml`, lastModified }))));
  });
}
