import { describe, expect, it } from "vitest";
import { internationalPhone, telHref } from "@/lib/links";

describe("phone numbers", () => {
  it("puts Ukrainian 0XX numbers in +380 form, for dialling and for structured data", () => {
    expect(internationalPhone("050 123 4567")).toBe("+380501234567");
    expect(telHref("050 123 4567")).toBe("tel:+380501234567");
  });

  it("gives no international form for any other number, and dials its digits", () => {
    expect(internationalPhone("380 501 2345")).toBeNull();
    expect(internationalPhone("")).toBeNull();
    expect(telHref("380 501 2345")).toBe("tel:3805012345");
  });
});
