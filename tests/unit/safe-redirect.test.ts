import { describe, expect, it } from "vitest";
import { safeRedirect } from "@/lib/safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/services?sort=rating.desc")).toBe("/services?sort=rating.desc");
    expect(safeRedirect(["/profile", "/x"])).toBe("/profile");
  });

  it("falls back for anything that could leave the site", () => {
    for (const value of ["//evil.example", "https://evil.example", "/\\evil.example", "evil", "", null, undefined, "/\u0000x"]) {
      expect(safeRedirect(value)).toBe("/");
    }
    expect(safeRedirect("javascript:alert(1)", "/home")).toBe("/home");
  });
});
