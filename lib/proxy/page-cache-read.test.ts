import { NextRequest, NextResponse } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import { answerFromPageCache } from "./page-cache-read";
import type { ProxyContext } from "./step";

const cache = vi.hoisted(() => ({ cacheable: "/ua/services?" as string | null, asked: [] as [string, string][] }));
vi.mock("@/lib/cache/page-cache", () => ({
  cacheablePage: () => cache.cacheable,
  cachedPage: async (page: string, nonce: string) => {
    cache.asked.push([page, nonce]);
    return {
      body: new TextEncoder().encode(`<p nonce="${nonce}">page</p>`),
      headers: new Headers({ "content-type": "text/html" }),
      fresh: false,
    };
  },
}));

afterEach(() => {
  cache.cacheable = "/ua/services?";
  cache.asked = [];
});

function context(shared = false): ProxyContext {
  const routed = NextResponse.rewrite(new URL("http://localhost:3000/uk/services"));
  routed.headers.set("content-security-policy", "script-src 'nonce-n1'");
  routed.cookies.set("NEXT_LOCALE", "uk");
  return {
    locale: "uk",
    path: "/services",
    requestId: "request-0123456789",
    page: { nonce: "n1", csp: "script-src 'nonce-n1'", shared },
    routed,
  };
}

const request = () =>
  new NextRequest(new URL("http://localhost:3000/ua/services"), { headers: { accept: "text/html" } });

describe("answerFromPageCache", () => {
  it("answers with the kept page and this request's nonce, next-intl's headers for the page with it and not those of its rewrite", async () => {
    const answer = (await answerFromPageCache(request(), context()))!;
    expect(cache.asked).toEqual([["/ua/services?", "n1"]]);
    expect(await answer.text()).toBe('<p nonce="n1">page</p>');
    expect(answer.headers.get("x-page-cache")).toBe("hit");
    expect(answer.headers.get("content-security-policy")).toBe("script-src 'nonce-n1'");
    expect(answer.headers.get("content-type")).toBe("text/html");
    expect(answer.cookies.get("NEXT_LOCALE")?.value).toBe("uk");
    expect(answer.headers.get("x-middleware-rewrite")).toBeNull();
  });

  it("hands on a page the cache does not keep, and a rendering for the cache itself", async () => {
    expect(await answerFromPageCache(request(), context(true))).toBeUndefined();
    cache.cacheable = null;
    expect(await answerFromPageCache(request(), context())).toBeUndefined();
    expect(cache.asked).toEqual([]);
  });
});
