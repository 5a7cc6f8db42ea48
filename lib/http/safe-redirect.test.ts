import { describe, expect, it } from "vitest";

import { safeRedirect } from "@/lib/http/safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/services?sort=rating.desc")).toBe("/services?sort=rating.desc");
    expect(safeRedirect(["/profile", "/x"])).toBe("/profile");
  });

  it("drops the Ukrainian prefix, which the navigation helpers add back", () => {
    expect(safeRedirect("/ua/cart")).toBe("/cart");
    expect(safeRedirect("/ua")).toBe("/");
    expect(safeRedirect("/ua?x=1")).toBe("/?x=1");
    expect(safeRedirect("/uah")).toBe("/uah");
  });

  it("falls back for anything that could leave the site", () => {
    for (const value of [
      "//evil.example",
      "/ua//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "/ua/\\evil.example",
      "evil",
      "",
      null,
      undefined,
      "/\u0000x",
    ]) {
      expect(safeRedirect(value)).toBe("/");
    }
    expect(safeRedirect("javascript:alert(1)", "/home")).toBe("/home");
  });
});
