import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import { homeAtRoot } from "./home-at-root";
import { languageFromQuery } from "./language-choice";
import { proxyContext } from "./step";

const request = (path: string) => new NextRequest(new URL(path, "http://localhost:3000"));

describe("languageFromQuery", () => {
  it("sends the visitor to the same page and query in the language chosen, and remembers it in the cookie", () => {
    const page = request("/services?filter=sto&lng=ua&page=2");
    const response = languageFromQuery(page, proxyContext(page))!;
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://localhost:3000/ua/services?filter=sto&page=2");
    expect(response.cookies.get("NEXT_LOCALE")).toMatchObject({ value: "uk", path: "/", sameSite: "lax" });
    const back = request("/ua/home?lng=en");
    expect(languageFromQuery(back, proxyContext(back))!.headers.get("location")).toBe("http://localhost:3000/home");
  });

  it("hands on an address without ?lng or with a code it does not know", () => {
    for (const path of ["/services", "/services?lng=uk", "/ua/services?lng=de"]) {
      const page = request(path);
      expect(languageFromQuery(page, proxyContext(page)), path).toBeUndefined();
    }
  });
});

describe("the language cookie in a production build", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("is Secure, like the session cookie, whether ?lng or next-intl sets it", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.resetModules();
    const { localeCookie } = await import("@/i18n/routing");
    const { SESSION_COOKIE_SECURE } = await import("@/features/accounts/session-cookie");
    const choice = await import("./language-choice");
    const step = await import("./step");
    expect(SESSION_COOKIE_SECURE).toBe(true);
    expect(localeCookie).toMatchObject({ secure: true });
    const page = request("/services?lng=ua");
    expect(choice.languageFromQuery(page, step.proxyContext(page))!.cookies.get("NEXT_LOCALE")).toMatchObject({
      secure: true,
    });
  });

  it("has no `secure` key at all outside production: next-intl's browser side writes even `secure: false` as Secure", async () => {
    const { localeCookie } = await import("@/i18n/routing");
    expect("secure" in localeCookie).toBe(false);
  });
});

describe("homeAtRoot", () => {
  it("opens the home page of the root's language, and hands on every other page", () => {
    for (const [path, home] of [
      ["/", "http://localhost:3000/home"],
      ["/ua", "http://localhost:3000/ua/home"],
      ["/?x=1", "http://localhost:3000/home?x=1"],
    ] as const) {
      const page = request(path);
      expect(homeAtRoot(page, proxyContext(page))?.headers.get("location"), path).toBe(home);
    }
    const other = request("/ua/services");
    expect(homeAtRoot(other, proxyContext(other))).toBeUndefined();
  });
});
