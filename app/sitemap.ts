import type { MetadataRoute } from "next";
import { listPublishedServiceIds } from "@/lib/server/services/detail";
import { appUrl, localizedPaths } from "@/lib/site";

export const dynamic = "force-dynamic";

/** The indexable pages besides the services' own; every other page is noindex. */
const PAGES = ["/home", "/services", "/stos", "/mechanics", "/ranking"];

/** Both language versions of a path, each listing both and English as x-default, as the pages' hreflang links do. */
function entries(path: string, lastModified: Date | undefined): MetadataRoute.Sitemap {
  const origin = appUrl();
  const { en, uk } = localizedPaths(path);
  const languages = { en: `${origin}${en}`, uk: `${origin}${uk}`, "x-default": `${origin}${en}` };
  return [languages.en, languages.uk].map((url) => ({ url, lastModified, alternates: { languages } }));
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const services = await listPublishedServiceIds();
  // The lists and the home page show the catalogue: they last changed when its newest change was made.
  const newest = services.reduce<Date | undefined>((latest, service) => (latest && latest >= service.updatedAt ? latest : service.updatedAt), undefined);
  return [...PAGES.flatMap((path) => entries(path, newest)), ...services.flatMap((service) => entries(`/service/${service.id}`, service.updatedAt))];
}
