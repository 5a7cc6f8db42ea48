import { afterAll, beforeAll, describe, expect, it } from "vitest";
import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import { getPrisma } from "@/lib/db/client";
import { ruleForPath } from "@/lib/guarded-paths";
import { makeService } from "../../helpers/factories";

const ORIGIN = "https://maister.example";
const ids: Record<string, string> = {};
const appUrl = process.env.APP_URL;

afterAll(() => {
  if (appUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = appUrl;
});

beforeAll(async () => {
  process.env.APP_URL = `${ORIGIN}/`;
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

describe("sitemap.xml", () => {
  it("lists every indexable page in both languages, each naming en, uk and x-default", async () => {
    const entries = await sitemap();
    const paths = ["/home", "/services", "/stos", "/mechanics", "/ranking", `/service/${ids.station}`, `/service/${ids.master}`];
    expect(entries.map((entry) => entry.url).sort()).toEqual(paths.flatMap((path) => [`${ORIGIN}${path}`, `${ORIGIN}/ua${path}`]).sort());
    for (const entry of entries) {
      const path = entry.url.slice(ORIGIN.length).replace(/^\/ua/, "");
      expect(entry.alternates?.languages, entry.url).toEqual({ en: `${ORIGIN}${path}`, uk: `${ORIGIN}/ua${path}`, "x-default": `${ORIGIN}${path}` });
    }
  });

  it("dates a service by its last change and the lists by the newest published one", async () => {
    const lastModified = new Map((await sitemap()).map((entry) => [entry.url, entry.lastModified]));
    expect(lastModified.get(`${ORIGIN}/ua/service/${ids.station}`)).toEqual(new Date("2026-03-01T10:00:00Z"));
    for (const path of ["/home", "/services", "/ua/stos", "/ua/mechanics"])
      expect(lastModified.get(`${ORIGIN}${path}`), path).toEqual(new Date("2026-04-02T11:00:00Z"));
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
    for (const path of ["/profile", "/addservice", "/placeorder", "/mechanicregister", "/mechanic-profile", "/mystos", "/admin", "/cart"]) {
      expect(disallow).toContain(path);
      expect(disallow).toContain(`/ua${path}`);
    }
    // and only those: each is guarded, or the saved list.
    for (const path of disallow.filter((entry) => entry !== "/api/"))
      expect(ruleForPath(path) !== null || path.replace(/^\/ua/, "") === "/cart", path).toBe(true);
  });
});
