import "server-only";

import { PUBLISHED_WHERE, publishedSql } from "@/domain/service/server/published";
import type { SitemapUrl } from "@/features/catalog/sitemap-xml";
import { rememberRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { appUrl, localizedPaths } from "@/lib/site";

/**
 * Services per sitemap file, in id order: with both languages 20,000 URLs (~9 MB), well under the
 * protocol's 50,000 URLs and 50 MB per file. /sitemap.xml is the index of the files.
 */
export const SERVICES_PER_SITEMAP = 10_000;
/** The indexable pages besides the services' own (in the first file); every other page is noindex. */
const PAGES = ["/home", "/services", "/stos", "/mechanics", "/ranking"];
/** Kept by the read cache: a catalogue write on any instance drops them sooner (read-cache.ts). */
const KEEP_MS = 10 * 60_000;

export type SitemapFile = { file: number; lastModified: Date | null };

/**
 * The sitemap files (of `perFile` services: smaller in tests) and when each last changed; at least
 * one, as the first holds the lists. The first changed whenever any service did: its lists show the
 * whole catalogue.
 */
export function sitemapFiles(perFile = SERVICES_PER_SITEMAP): Promise<SitemapFile[]> {
  return rememberRead(
    `sitemap:files:${perFile}`,
    async () => {
      const prisma = await getPrisma();
      const rows = await prisma.$queryRawUnsafe<{ file: number; lastModified: Date }[]>(
        `SELECT (n / ${Math.trunc(perFile)})::int AS file, max("updatedAt") AS "lastModified"
         FROM (SELECT "updatedAt", row_number() OVER (ORDER BY id) - 1 AS n FROM services s WHERE ${publishedSql("s")}) numbered
         GROUP BY 1 ORDER BY 1`,
      );
      const newest = rows.reduce<Date | null>(
        (latest, row) => (latest && latest >= row.lastModified ? latest : row.lastModified),
        null,
      );
      return rows.length
        ? rows.map((row) => (row.file === 0 ? { ...row, lastModified: newest } : row))
        : [{ file: 0, lastModified: null }];
    },
    { keepMs: KEEP_MS },
  );
}

/** Both language versions of a path, each naming both and English as x-default, as the pages' hreflang links do. */
function bothLanguages(path: string, lastModified: Date | null): SitemapUrl[] {
  const origin = appUrl();
  const { en, uk } = localizedPaths(path);
  const languages = { en: `${origin}${en}`, uk: `${origin}${uk}`, "x-default": `${origin}${en}` };
  return [languages.en, languages.uk].map((url) => ({ url, lastModified, languages }));
}

/** The URLs of one sitemap file, or null when there is no such file. */
export async function sitemapUrls(file: number, perFile = SERVICES_PER_SITEMAP): Promise<SitemapUrl[] | null> {
  const files = await sitemapFiles(perFile);
  const listed = files.find((candidate) => candidate.file === file);
  if (!listed) return null;
  const services = await rememberRead(
    `sitemap:${perFile}:${file}`,
    async () =>
      (await getPrisma()).service.findMany({
        where: PUBLISHED_WHERE,
        select: { id: true, updatedAt: true },
        orderBy: { id: "asc" },
        skip: file * perFile,
        take: perFile,
      }),
    { keepMs: KEEP_MS },
  );
  const pages = file === 0 ? PAGES.flatMap((path) => bothLanguages(path, listed.lastModified)) : [];
  return [...pages, ...services.flatMap((service) => bothLanguages(`/service/${service.id}`, service.updatedAt))];
}
