import { afterAll, beforeAll, describe, expect, it } from "vitest";

import robots from "@/app/robots";
import { GET as indexRoute } from "@/app/sitemap.xml/route";
import { GET as fileRoute } from "@/app/sitemap/[file]/route";
import { ruleForPath } from "@/features/accounts/guarded-paths";
import { sitemapFiles, sitemapUrls } from "@/features/catalog/server/sitemap";
import { urlsetXml } from "@/features/catalog/sitemap-xml";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeService } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";

const ORIGIN = "https://maister.example";
const ids: Record<string, string> = {};
const appUrl = process.env.APP_URL;

afterAll(() => setEnv({ APP_URL: appUrl }));

beforeAll(async () => {
  setEnv({ APP_URL: `${ORIGIN}/` });
  ids.station = (await makeService({ name: "Published Station" })).id;
  ids.master = (await makeService({ name: "Published Master", role: "mechanic" })).id;
  ids.unpaid = (await makeService({ name: "Unpaid Station", isPaid: false })).id;
  ids.blocked = (await makeService({ name: "Blocked Master", role: "mechanic", isBlocked: true })).id;
  const prisma = await getPrisma();
  await prisma.service.update({ where: { id: ids.station }, data: { updatedAt: new Date("2026-03-01T10:00:00Z") } });
  await prisma.service.update({ where: { id: ids.master }, data: { updatedAt: new Date("2026-04-02T11:00:00Z") } });
  // Unpublished changes are nobody's business, and not the lists' last change either.
  await prisma.service.update({ where: { id: ids.unpaid }, data: { updatedAt: new Date("2026-05-01T00:00:00Z") } });
});

/** The <url> entries of a sitemap file, as a crawler reads them. */
function urlsOf(xml: string) {
  return [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body]) => ({
    url: /<loc>(.*?)<\/loc>/.exec(body!)![1]!,
    lastModified: /<lastmod>(.*?)<\/lastmod>/.exec(body!)?.[1],
    languages: Object.fromEntries(
      [...body!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, language, href]) => [language, href]),
    ),
  }));
}

async function get(path: string) {
  const [, file] = /^\/sitemap\/(.+)$/.exec(path) ?? [];
  const response = file
    ? await call(fileRoute, makeRequest(path), params({ file }))
    : await indexRoute(makeRequest(path));
  return { status: response.status, type: response.headers.get("content-type"), xml: await response.text() };
}

describe("sitemap.xml", () => {
  it("is an index of the sitemap files; the first lists every indexable page in both languages, each naming en, uk and x-default", async () => {
    const index = await get("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.type).toBe("application/xml; charset=utf-8");
    expect([...index.xml.matchAll(/<loc>(.*?)<\/loc>/g)].map(([, loc]) => loc)).toEqual([`${ORIGIN}/sitemap/0.xml`]);

    const first = await get("/sitemap/0.xml");
    expect(first.xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entries = urlsOf(first.xml);
    const paths = [
      "/home",
      "/services",
      "/stos",
      "/mechanics",
      "/ranking",
      `/service/${ids.station}`,
      `/service/${ids.master}`,
    ];
    expect(entries.map((entry) => entry.url).sort()).toEqual(
      paths.flatMap((path) => [`${ORIGIN}${path}`, `${ORIGIN}/ua${path}`]).sort(),
    );
    for (const entry of entries) {
      const path = entry.url.slice(ORIGIN.length).replace(/^\/ua/, "");
      expect(entry.languages, entry.url).toEqual({
        en: `${ORIGIN}${path}`,
        uk: `${ORIGIN}/ua${path}`,
        "x-default": `${ORIGIN}${path}`,
      });
    }
  });

  it("dates a service by its last change, and the lists and the first file by the newest published one", async () => {
    const lastModified = new Map(
      urlsOf((await get("/sitemap/0.xml")).xml).map((entry) => [entry.url, entry.lastModified]),
    );
    expect(lastModified.get(`${ORIGIN}/ua/service/${ids.station}`)).toBe("2026-03-01T10:00:00.000Z");
    for (const path of ["/home", "/services", "/ua/stos", "/ua/mechanics"])
      expect(lastModified.get(`${ORIGIN}${path}`), path).toBe("2026-04-02T11:00:00.000Z");
    expect((await get("/sitemap.xml")).xml).toContain("<lastmod>2026-04-02T11:00:00.000Z</lastmod>");
  });

  it("splits the services into files of a fixed size in id order, the lists only in the first; no other file exists", async () => {
    const changed: Record<string, string> = {
      [ids.station!]: "2026-03-01T10:00:00Z",
      [ids.master!]: "2026-04-02T11:00:00Z",
    };
    const [low, high] = [ids.station!, ids.master!].sort();
    const files = await sitemapFiles(1);
    expect(files).toEqual([
      { file: 0, lastModified: new Date("2026-04-02T11:00:00Z") },
      { file: 1, lastModified: new Date(changed[high!]!) },
    ]);
    const [first, second] = await Promise.all([sitemapUrls(0, 1), sitemapUrls(1, 1)]);
    const serviceUrls = (urls: typeof first) =>
      urls!.filter((entry) => entry.url.includes("/service/")).map((entry) => entry.url);
    expect(serviceUrls(first)).toEqual([`${ORIGIN}/service/${low}`, `${ORIGIN}/ua/service/${low}`]);
    expect(serviceUrls(second)).toEqual([`${ORIGIN}/service/${high}`, `${ORIGIN}/ua/service/${high}`]);
    expect(second!.some((entry) => entry.url.endsWith("/home"))).toBe(false);
    expect(await sitemapUrls(2, 1)).toBeNull();
    for (const missing of ["/sitemap/1.xml", "/sitemap/x.xml", "/sitemap/0", "/sitemap/-1.xml"])
      expect((await get(missing)).status, missing).toBe(404);
  });

  it("escapes what XML cannot carry as text", () => {
    const xml = urlsetXml([
      { url: "https://a.example/?q=1&r=<2>", lastModified: null, languages: { en: 'https://a.example/"x"' } },
    ]);
    expect(xml).toContain("<loc>https://a.example/?q=1&#38;r=&#60;2&#62;</loc>");
    expect(xml).toContain('href="https://a.example/&#34;x&#34;"');
    expect(xml).not.toContain("<lastmod>");
  });
});

describe("robots.txt", () => {
  const rules = () => {
    const { rules } = robots();
    if (Array.isArray(rules)) throw new Error("one rule group for every crawler");
    return { allow: [rules.allow ?? []].flat(), disallow: [rules.disallow ?? []].flat() };
  };

  it("keeps crawlers out of the API but lets them fetch the images the structured data names", () => {
    expect(rules().allow).toEqual(expect.arrayContaining(["/", "/api/uploads/"]));
    expect(rules().disallow).toContain("/api/");
    expect(robots().sitemap).toBe(`${ORIGIN}/sitemap.xml`);
  });

  it("keeps them out of every private page in both languages", () => {
    const { disallow } = rules();
    for (const path of [
      "/profile",
      "/addservice",
      "/placeorder",
      "/mechanicregister",
      "/mechanic-profile",
      "/mystos",
      "/requests",
      "/admin",
      "/cart",
    ]) {
      expect(disallow).toContain(path);
      expect(disallow).toContain(`/ua${path}`);
    }
    // and only those: each is guarded, or the saved list.
    for (const path of disallow.filter((entry) => entry !== "/api/"))
      expect(ruleForPath(path) !== null || path.replace(/^\/ua/, "") === "/cart", path).toBe(true);
  });
});
