import { describe, expect, it } from "vitest";

import { telHref } from "@/domain/service/outside-links";

describe("dial links", () => {
  it("dial Ukrainian numbers in +380 form, however they were typed", () => {
    expect(telHref("050 123 4567")).toBe("tel:+380501234567");
    expect(telHref("+380501234567")).toBe("tel:+380501234567");
  });

  it("dial the digits of a number stored before phones were normalized", () => {
    expect(telHref("380 501 2345")).toBe("tel:3805012345");
  });
});
