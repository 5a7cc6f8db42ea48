import { validateHeaderValue } from "node:http";
import { describe, expect, it } from "vitest";

import { safeRedirect } from "@/lib/http/safe-redirect";
import { badRequestPage } from "@/lib/security/bad-request";
import { asciiUrl, isMalformedEncoding } from "@/lib/security/malformed-url";

describe("isMalformedEncoding", () => {
  it("finds escapes that cannot be decoded", () => {
    for (const raw of [
      "/%",
      "/services/%",
      "/api/items/%E0%A4%A",
      "/%zz",
      "/%E0%A4",
      "/%C0%AF",
      "/%ED%A0%80",
      "/%FF",
      "/a%2",
    ]) {
      expect(isMalformedEncoding(raw), raw).toBe(true);
    }
  });

  it("accepts what decodes, including encoded percent signs and any UTF-8", () => {
    for (const raw of [
      "/home",
      "/services/%D1%88%D0%B8%D0%BD%D0%B8",
      "/admin/users/search/50%25",
      "/%E3%80%82evil",
      "/%F0%9F%9A%97",
      "",
    ]) {
      expect(isMalformedEncoding(raw), raw).toBe(false);
    }
  });
});

describe("asciiUrl", () => {
  it("still needed: Node 20's http refuses a header character above U+00FF, a 500 for a redirect to such a target (when this fails, asciiUrl can go)", () => {
    expect(() => validateHeaderValue("location", "/。evil")).toThrow(/Invalid character/);
    expect(() => validateHeaderValue("location", asciiUrl("/。evil"))).not.toThrow();
  });

  it("percent-encodes only what is not ASCII", () => {
    expect(asciiUrl("/。evil")).toBe("/%E3%80%82evil");
    expect(asciiUrl("/services?q=шини&sort=rating.desc")).toBe("/services?q=%D1%88%D0%B8%D0%BD%D0%B8&sort=rating.desc");
    expect(asciiUrl("/admin/users/search/50%25")).toBe("/admin/users/search/50%25");
    expect(asciiUrl("/\ud800x")).toBe("/%EF%BF%BDx");
  });

  it("gives a target that fits a Location header and stays on this site", () => {
    for (const value of ["/。evil", "/ua/。evil", "/\uff0f\uff0fevil.example", "/\u3002/evil"]) {
      const target = safeRedirect(asciiUrl(value));
      expect(target).toMatch(/^\/[\u0021-\u007e]*$/);
      expect(target.startsWith("//")).toBe(false);
      expect(new URL(target, "https://maister.example").origin).toBe("https://maister.example");
    }
  });
});

describe("badRequestPage", () => {
  it("is in the language of the path, with no script", () => {
    const en = badRequestPage("en");
    const uk = badRequestPage("uk");
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("The request is not valid.");
    expect(en).toContain('href="/stos"');
    expect(uk).toContain('<html lang="uk">');
    expect(uk).toContain("Запит містить помилку.");
    expect(uk).toContain('href="/ua/stos"');
    expect(en + uk).not.toMatch(/<script/i);
  });
});
