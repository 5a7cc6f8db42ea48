import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { DEMO } from "./users";

/** Spec: per-locale URLs with hreflang and canonical, sitemap.xml, robots.txt, AutoRepair JSON-LD. Read as a crawler reads them: no JavaScript. */

type Attributes = Record<string, string>;
/** The attributes of every `<tag …>` in the HTML. */
function tags(html: string, tag: string): Attributes[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!.toLowerCase(),
        value!.replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

/**
 * A page as a crawler gets it: no JavaScript, no redirects followed, and no cookies but `cookie`
 * (a browser context would keep the language cookie a /ua page sets and be sent on to /ua).
 */
async function head(url: string, cookie?: string) {
  const response = await fetch(new URL(url, test.info().project.use.baseURL), {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });
  const html = await response.text();
  const links = tags(html, "link");
  return {
    response,
    canonical: links.filter((link) => link.rel === "canonical").map((link) => link.href),
    hreflang: Object.fromEntries(
      links.filter((link) => link.rel === "alternate" && link.hreflang).map((link) => [link.hreflang, link.href]),
    ),
    robots: tags(html, "meta").find((meta) => meta.name === "robots")?.content ?? "",
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>,
    ),
  };
}

async function reviewedService(request: APIRequestContext) {
  const { items } = (await (await request.get("/api/items?sort=rating.desc")).json()) as {
    items: { _id: string; numReviews: number; contactPhone1: string; address: string }[];
  };
  const service = items.find((item) => item.numReviews > 0 && item.contactPhone1);
  expect(service, "a reviewed service with a phone in the demo data").toBeTruthy();
  return service!;
}

test.describe("SEO", () => {
  test("sitemap.xml lists the indexable pages of both languages, each with its alternates and a date, and each is what it says", async ({
    request,
    baseURL,
  }) => {
    // An index of sitemap files (the protocol's limit is 50,000 URLs a file): demo data fits the first.
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("application/xml");
    const files = [...(await index.text()).matchAll(/<sitemap>\s*<loc>(.*?)<\/loc>/g)].map(([, loc]) => loc!);
    expect(files).toEqual([`${baseURL}/sitemap/0.xml`]);
    const response = await request.get(files[0]!);
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/gs)].map(([, body]) => ({
      loc: /<loc>(.*?)<\/loc>/.exec(body!)?.[1] ?? "",
      lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(body!)?.[1],
      alternates: Object.fromEntries(tags(body!, "xhtml:link").map((link) => [link.hreflang, link.href])),
    }));
    const paths = urls.map(({ loc }) => loc.replace(baseURL!, ""));
    for (const path of ["/home", "/services", "/stos", "/mechanics"])
      expect(paths).toEqual(expect.arrayContaining([path, `/ua${path}`]));
    const services = paths.filter((path) => path.startsWith("/service/"));
    expect(services.length).toBeGreaterThan(10);
    expect(paths.filter((path) => path.startsWith("/ua/service/"))).toHaveLength(services.length);
    expect(
      paths.filter((path) => !/^(\/ua)?\/(home|services|stos|mechanics|ranking|service\/[\w-]+)$/.test(path)),
      "only indexable pages",
    ).toEqual([]);
    for (const { loc, lastmod, alternates } of urls) {
      expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const en = loc.replace(`${baseURL}/ua/`, `${baseURL}/`);
      expect(alternates, loc).toEqual({ en, uk: en.replace(baseURL!, `${baseURL}/ua`), "x-default": en });
    }

    // What the sitemap lists is indexable and calls itself by the listed address, with the same alternates.
    for (const { loc, alternates } of urls
      .filter(({ loc }) => !loc.includes("/service/"))
      .concat(urls.filter(({ loc }) => loc.includes("/service/")).slice(0, 2))) {
      const page = await head(loc);
      expect(page.response.status, loc).toBe(200);
      expect(page.robots, loc).not.toContain("noindex");
      expect(page.canonical, loc).toEqual([loc]);
      expect(page.hreflang, loc).toEqual(alternates);
    }
  });

  test("robots.txt keeps crawlers out of the API and the private pages, in both languages, but not out of images", async ({
    request,
    baseURL,
  }) => {
    const text = await (await request.get("/robots.txt")).text();
    const lines = text.split("\n").map((line) => line.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-Agent: *",
        "Allow: /",
        "Allow: /api/uploads/",
        "Disallow: /api/",
        `Sitemap: ${baseURL}/sitemap.xml`,
      ]),
    );
    for (const path of [
      "/placeorder",
      "/addservice",
      "/mystos",
      "/profile",
      "/admin",
      "/cart",
      "/mechanicregister",
      "/mechanic-profile",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /ua${path}`);
    }
    expect(lines.filter((line) => /^Disallow: (\/ua)?\/(home|services|stos|mechanics|service)\b/.test(line))).toEqual(
      [],
    );
  });

  test("pages send no hreflang Link headers; the indexable ones carry canonical and hreflang in their HTML", async ({
    request,
    baseURL,
  }) => {
    const { _id } = await reviewedService(request);
    for (const path of ["/home", "/services", "/stos", "/mechanics", `/service/${_id}`]) {
      for (const [locale, url] of [
        ["en", path],
        ["uk", `/ua${path}`],
      ]) {
        const page = await head(url!);
        expect(page.response.headers.get("link") ?? "", url).not.toMatch(/hreflang|rel="?alternate/);
        expect(page.canonical, url).toEqual([`${baseURL}${url}`]);
        expect(page.hreflang, url).toEqual({
          en: `${baseURL}${path}`,
          uk: `${baseURL}/ua${path}`,
          "x-default": `${baseURL}${path}`,
        });
        expect(page.robots, `${url} (${locale})`).not.toContain("noindex");
      }
    }
  });

  test("noindex pages carry neither canonical nor hreflang, signed in or not", async ({ users }) => {
    const check = async (url: string, status = 200, cookie?: string) => {
      const result = await head(url, cookie);
      expect(result.response.status, url).toBe(status);
      // Next may announce an image preload there; no alternates.
      expect(result.response.headers.get("link") ?? "", url).not.toMatch(/hreflang|rel="?alternate/);
      expect(result.robots, url).toContain("noindex");
      expect(result.canonical, url).toEqual([]);
      expect(result.hreflang, url).toEqual({});
    };
    for (const prefix of ["", "/ua"]) {
      for (const path of ["/login", "/register", "/cart", "/forgot-password", "/reset-password", "/confirm-email"])
        await check(`${prefix}${path}`);
      await check(`${prefix}/no-such-page`, 404);
    }
    const { cookie: session } = await users.signIn(DEMO.owner);
    for (const prefix of ["", "/ua"]) {
      for (const path of ["/profile", "/addservice", "/placeorder", "/mystos", "/mechanicregister"])
        await check(`${prefix}${path}`, 200, session);
    }
  });

  test("a service page describes itself as an AutoRepair with address, phone, rating and its newest reviews", async ({
    request,
  }) => {
    const service = await reviewedService(request);
    const [data] = (await head(`/ua/service/${service._id}`)).jsonLd as [
      {
        "@type": string;
        telephone: string;
        address: Record<string, string>;
        aggregateRating: { reviewCount: number };
        review: Record<string, unknown>[];
        priceRange?: string;
      },
    ];
    expect(data["@type"]).toBe("AutoRepair");
    expect(data.telephone).toBe(service.contactPhone1);
    // The demo addresses read "street, number, city".
    const parts = service.address.split(", ");
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: parts.slice(0, -1).join(", "),
      addressLocality: parts.at(-1),
      addressCountry: "UA",
    });
    expect(data.aggregateRating.reviewCount).toBe(service.numReviews);
    expect(data.review.length).toBe(Math.min(5, service.numReviews));
    for (const review of data.review) {
      expect(review).toMatchObject({
        "@type": "Review",
        author: { "@type": "Person", name: expect.any(String) },
        reviewRating: { "@type": "Rating", ratingValue: expect.any(Number), bestRating: 5 },
      });
      expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const dates = data.review.map((review) => review.datePublished as string);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data).not.toHaveProperty("priceRange");
  });
});
