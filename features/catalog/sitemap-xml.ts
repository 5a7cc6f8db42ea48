/** The Sitemaps protocol's two documents (sitemaps.org), with hreflang alternates as Google reads them. */

export type SitemapUrl = { url: string; lastModified: Date | null; languages: Record<string, string> };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const lastmod = (date: Date | null) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : "");

export function urlsetXml(urls: SitemapUrl[]): string {
  const body = urls
    .map(({ url, lastModified, languages }) => {
      const links = Object.entries(languages)
        .map(
          ([language, href]) =>
            `<xhtml:link rel="alternate" hreflang="${escapeXml(language)}" href="${escapeXml(href)}" />`,
        )
        .join("\n");
      return `<url>\n<loc>${escapeXml(url)}</loc>\n${links}\n${lastmod(lastModified)}\n</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: { url: string; lastModified: Date | null }[]): string {
  const body = sitemaps
    .map(({ url, lastModified }) => `<sitemap>\n<loc>${escapeXml(url)}</loc>\n${lastmod(lastModified)}\n</sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
