import type { NextRequest } from "next/server";

import { sitemapUrls } from "@/features/catalog/server/sitemap";
import { urlsetXml } from "@/features/catalog/sitemap-xml";
import { handle, xmlResponse } from "@/lib/http/answers";
import { NotFoundError } from "@/lib/http/errors";

/** One file of the sitemap: /sitemap/0.xml holds the lists and the first services. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ file: string }> }) {
  return handle(request, async () => {
    const number = /^(\d{1,6})\.xml$/.exec((await params).file)?.[1];
    const urls = number === undefined ? null : await sitemapUrls(Number(number));
    if (!urls) throw new NotFoundError();
    return xmlResponse(urlsetXml(urls));
  });
}
