import type { MetadataRoute } from "next";
import { listPublishedServiceIds } from "@/lib/server/services";
import { appUrl } from "@/lib/site";

export const dynamic = "force-dynamic";

const PAGES = ["/home", "/services", "/stos", "/mechanics"];

function entry(path: string, lastModified?: Date): MetadataRoute.Sitemap[number] {
  const origin = appUrl();
  const uk = `${origin}/ua${path}`;
  return { url: `${origin}${path}`, lastModified, alternates: { languages: { en: `${origin}${path}`, uk } } };
}

/** Every public page and published service, in both languages (the Ukrainian URL as an alternate). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const services = await listPublishedServiceIds();
  return [...PAGES.map((path) => entry(path)), ...services.map((service) => entry(`/service/${service.id}`, service.updatedAt))];
}
