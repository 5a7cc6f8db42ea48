import { describe, expect, it } from "vitest";
import { productionConfigProblems } from "@/lib/production-config";

const SECRET = "x".repeat(32);

describe("production configuration", () => {
  it("accepts a 32-byte secret and an origin", () => {
    expect(productionConfigProblems({ NEXTAUTH_SECRET: SECRET, APP_URL: "https://maister.example" })).toEqual([]);
    expect(productionConfigProblems({ NEXTAUTH_SECRET: SECRET, APP_URL: "http://localhost:3100/" })).toEqual([]);
  });

  it("names each missing or unusable variable on a line of its own", () => {
    const none = productionConfigProblems({});
    expect(none).toHaveLength(2);
    expect(none[0]).toMatch(/^NEXTAUTH_SECRET /);
    expect(none[1]).toMatch(/^APP_URL /);
    expect(productionConfigProblems({ NEXTAUTH_SECRET: "short", APP_URL: "https://maister.example" })).toEqual([expect.stringMatching(/^NEXTAUTH_SECRET/)]);
    for (const APP_URL of ["maister.example", "ftp://maister.example", "https://maister.example/ua", "https://maister.example/?x=1", ""]) {
      expect(productionConfigProblems({ NEXTAUTH_SECRET: SECRET, APP_URL }), APP_URL).toEqual([expect.stringMatching(/^APP_URL/)]);
    }
  });
});
