import { describe, expect, it } from "vitest";
import { MAP_DEFAULT_CENTER } from "@/lib/constants";
import { mapCenter, parsePoint } from "@/lib/map";

describe("mapCenter", () => {
  it("averages the coordinates of the services", () => {
    expect(
      mapCenter([
        { lat: 50, lng: 30 },
        { lat: 48, lng: 24 },
      ]),
    ).toEqual({ lat: 49, lng: 27 });
  });

  it("counts a cluster as its services at its place", () => {
    expect(
      mapCenter([
        { lat: 50, lng: 30, count: 3 },
        { lat: 46, lng: 22 },
      ]),
    ).toEqual({ lat: 49, lng: 28 });
  });

  it("falls back to the country centre without services", () => {
    expect(mapCenter([])).toEqual(MAP_DEFAULT_CENTER);
  });
});

describe("parsePoint", () => {
  it("reads typed coordinates with a decimal point or a decimal comma", () => {
    expect(parsePoint("49.8397", " 24.0297 ")).toEqual({ point: { lat: 49.8397, lng: 24.0297 } });
    expect(parsePoint("50,45", "30,5234")).toEqual({ point: { lat: 50.45, lng: 30.5234 } });
    expect(parsePoint("-33,9", "+151.2°")).toEqual({ point: { lat: -33.9, lng: 151.2 } });
    expect(parsePoint("49.", ",5")).toEqual({ point: { lat: 49, lng: 0.5 } });
    expect(parsePoint("90", "-180")).toEqual({ point: { lat: 90, lng: -180 } });
  });

  it("asks for a point when nothing is typed", () => {
    expect(parsePoint("", " ")).toEqual({ error: "missing" });
  });

  it("names the coordinate that is not a number in range", () => {
    expect(parsePoint("", "24")).toEqual({ error: "latitude" });
    expect(parsePoint("49", "  ")).toEqual({ error: "longitude" });
    expect(parsePoint("north", "24")).toEqual({ error: "latitude" });
    expect(parsePoint("91", "24")).toEqual({ error: "latitude" });
    expect(parsePoint("49", "-181")).toEqual({ error: "longitude" });
    expect(parsePoint("50,45,1", "30")).toEqual({ error: "latitude" });
    expect(parsePoint("50.4,5", "30")).toEqual({ error: "latitude" });
    expect(parsePoint("1e1", "30")).toEqual({ error: "latitude" });
    expect(parsePoint("0x10", "30")).toEqual({ error: "latitude" });
    expect(parsePoint("50", "Infinity")).toEqual({ error: "longitude" });
  });
});
