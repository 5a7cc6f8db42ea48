import { describe, expect, it } from "vitest";

import { defaultSortLabel } from "@/features/catalog/list-options";

describe("defaultSortLabel", () => {
  const POINT = { lat: 50.45, lng: 30.52 };

  it("says cheapest first for a job's list, where the price orders it", () => {
    expect(defaultSortLabel({ job: "oil_change" })).toBe("sortCheapest");
  });

  it("does not near a point, where the distance orders it and the price only breaks ties", () => {
    expect(defaultSortLabel({ job: "oil_change", near: POINT })).toBe("sortDefault");
    expect(defaultSortLabel({ near: POINT })).toBe("sortDefault");
    expect(defaultSortLabel({})).toBe("sortDefault");
  });
});
