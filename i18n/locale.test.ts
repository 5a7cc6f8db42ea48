import { describe, expect, it } from "vitest";

import { localeOfCode, toLocale } from "@/i18n/locale";
import { isMessageKey } from "@/i18n/message-key";
import { MESSAGES } from "@/i18n/messages";
import { getPathname } from "@/i18n/navigation";
import { localizedPath, splitLocale } from "@/lib/http/locale-path";
import { requestLocale } from "@/lib/http/request-locale";
import { alternatesFor, localizedPaths } from "@/lib/site";

describe("toLocale and localeOfCode", () => {
  it("keeps a known locale and falls back to English for anything else", () => {
    expect(toLocale("uk")).toBe("uk");
    expect(toLocale("en")).toBe("en");
    for (const value of ["ua", "UK", "de", "", null, undefined]) expect(toLocale(value)).toBe("en");
  });

  it("reads the product's own codes, not the locales", () => {
    expect(localeOfCode("ua")).toBe("uk");
    expect(localeOfCode("en")).toBe("en");
    for (const value of ["uk", "UA", "", null, undefined]) expect(localeOfCode(value)).toBeUndefined();
  });
});

describe("locale prefixes", () => {
  it("puts Ukrainian under /ua and leaves English unprefixed, as next-intl's getPathname does", () => {
    for (const path of ["/", "/home", "/service/1?code=AB12#review-form"]) {
      for (const locale of ["en", "uk"] as const)
        expect(localizedPath(locale, path)).toBe(getPathname({ href: path, locale }));
    }
    expect(localizedPath("uk", "/")).toBe("/ua");
    expect(localizedPath("uk", "/stos")).toBe("/ua/stos");
    expect(localizedPath("en", "/stos")).toBe("/stos");
  });

  it("splits what it builds back into locale and path", () => {
    for (const locale of ["en", "uk"] as const) {
      for (const path of ["/", "/home", "/admin/users/search/ua"])
        expect(splitLocale(localizedPath(locale, path))).toMatchObject({ locale, path });
    }
  });

  it("gives canonical and hreflang links in both languages", () => {
    expect(localizedPaths("/home")).toEqual({ en: "/home", uk: "/ua/home" });
    expect(alternatesFor("/home", "uk")).toEqual({
      canonical: "/ua/home",
      languages: { en: "/home", uk: "/ua/home", "x-default": "/home" },
    });
  });
});

describe("requestLocale (the language of API answers)", () => {
  const request = ({ lng, cookie, accept }: { lng?: string; cookie?: string; accept?: string }) => ({
    nextUrl: { searchParams: new URLSearchParams(lng === undefined ? "" : { lng }) },
    cookies: {
      get: (name: string) => (name === "NEXT_LOCALE" && cookie !== undefined ? { value: cookie } : undefined),
    },
    headers: { get: (name: string) => (name === "accept-language" ? (accept ?? null) : null) },
  });

  it("takes ?lng first, then the cookie, then the first language the browser asks for, then English", () => {
    expect(requestLocale(request({ lng: "ua", cookie: "en", accept: "en" }))).toBe("uk");
    expect(requestLocale(request({ lng: "uk", cookie: "en" }))).toBe("uk");
    expect(requestLocale(request({ lng: "en", cookie: "uk", accept: "uk" }))).toBe("en");
    expect(requestLocale(request({ lng: "de", cookie: "uk", accept: "en" }))).toBe("uk");
    expect(requestLocale(request({ cookie: "ua", accept: "uk-UA,en;q=0.8" }))).toBe("uk");
    expect(requestLocale(request({ accept: "ua" }))).toBe("uk");
    expect(requestLocale(request({ accept: "en-US,uk;q=0.9" }))).toBe("en");
    expect(requestLocale(request({ accept: "de" }))).toBe("en");
    expect(requestLocale(request({}))).toBe("en");
  });

  it("takes the most preferred language the site has, not merely the first one named", () => {
    expect(requestLocale(request({ accept: "ru-RU,ru;q=0.9,uk;q=0.8,en;q=0.7" }))).toBe("uk");
    expect(requestLocale(request({ accept: "de-DE,de;q=0.9,en;q=0.8,uk;q=0.7" }))).toBe("en");
    expect(requestLocale(request({ accept: "en;q=0.5,uk;q=0.9" }))).toBe("uk");
    expect(requestLocale(request({ accept: "uk;q=0,en;q=0.1" }))).toBe("en");
    expect(requestLocale(request({ accept: "*;q=0.9, uk-UA ; q=0.8" }))).toBe("uk");
    expect(requestLocale(request({ accept: "uk;q=abc,fr" }))).toBe("en");
  });
});

describe("isMessageKey", () => {
  it("accepts a key with a text and nothing else", () => {
    expect(isMessageKey(MESSAGES.en, "Validation.email")).toBe(true);
    expect(isMessageKey(MESSAGES.uk, "AuditActions.user_block")).toBe(true);
    for (const key of [
      "Validation",
      "Validation.nope",
      "Validation.email.x",
      "",
      "toString",
      "Validation.__proto__",
      "constructor.name",
    ])
      expect(isMessageKey(MESSAGES.en, key)).toBe(false);
  });
});
