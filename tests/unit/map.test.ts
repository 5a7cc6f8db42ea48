import { describe, expect, it } from "vitest";
import { MAP_DEFAULT_CENTER } from "@/lib/constants";
import { mapCenter, parsePoint } from "@/lib/map";

describe("mapCenter", () => {
  it("averages the coordinates of the services", () => {
    expect(mapCenter([{ lat: 50, lng: 30 }, { lat: 48, lng: 24 }])).toEqual({ lat: 49, lng: 27 });
  });

  it("falls back to the country centre without services", () => {
    expect(mapCenter([])).toEqual(MAP_DEFAULT_CENTER);
  });
});

describe("parsePoint", () => {
  it("reads typed coordinates", () => {
    expect(parsePoint("49.8397", " 24.0297 ")).toEqual({ lat: 49.8397, lng: 24.0297 });
  });

  it("refuses blanks, words and out-of-range numbers", () => {
    expect(parsePoint("", "24")).toBeNull();
    expect(parsePoint("49", "  ")).toBeNull();
    expect(parsePoint("north", "24")).toBeNull();
    expect(parsePoint("91", "24")).toBeNull();
    expect(parsePoint("49", "-181")).toBeNull();
  });
});
