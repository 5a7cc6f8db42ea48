import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Next's compiler of proxy matchers, which its type declarations do not export.
const { getMiddlewareMatchers } = createRequire(import.meta.url)("next/dist/build/analysis/get-page-static-info") as {
  getMiddlewareMatchers: (matcher: string[], nextConfig: object) => { regexp: string }[];
};

/**
 * Which paths reach proxy.ts, by Next's own compilation of its matcher (the config has to be a
 * literal there, so it is read from the file as Next reads it).
 */
const source = readFileSync(path.resolve(import.meta.dirname, "../../proxy.ts"), "utf8");
const notAPage = readFileSync(path.resolve(import.meta.dirname, "not-a-page.ts"), "utf8");
// The literal array as written, on one line or several (a trailing comma is not JSON).
const matcher = JSON.parse(/matcher: (\[[^\]]*\])/.exec(source)![1]!.replace(/,\s*\]$/, "]")) as string[];
const regexps = getMiddlewareMatchers(matcher, {}).map((entry) => new RegExp(entry.regexp));
const reachesProxy = (pathname: string) => regexps.some((regexp) => regexp.test(pathname));

describe("proxy.ts matcher", () => {
  it("lets through every page, and every other path that holds a % for the encoding check", () => {
    for (const pathname of [
      "/",
      "/home",
      "/ua/services",
      "/admin/users/search/jane.doe@example.com",
      "/services/%",
      "/sitemap/%.xml",
      "/sitemap/%E0%A4%A.xml",
      "/%.png",
      "/ua/services/%.css",
      "/api/items/%E0%A4%A",
      "/api/%.json",
      "/_next/static/%",
      "/_next/image%",
      "/_next/image",
    ]) {
      expect(reachesProxy(pathname), pathname).toBe(true);
    }
  });

  it("skips files, Next's own paths and the API without a %", () => {
    for (const pathname of [
      "/sitemap/0.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/icon.svg",
      "/_next/static/chunks/a.js",
      "/_next/images",
      "/api/items",
      "/api/auth/session",
    ]) {
      expect(reachesProxy(pathname), pathname).toBe(false);
    }
  });

  it("skips by the same extensions that the proxy passes on untouched (lib/proxy/not-a-page.ts)", () => {
    const inMatcher = /\.\*\\\.\(\?:([^)]+)\)\$/.exec(matcher[0]!)![1];
    const inProxy = /const FILE = \/\\\.\(\?:([^)]+)\)\$\/;/.exec(notAPage)![1];
    expect(inProxy).toBe(inMatcher);
  });
});
