import { describe, expect, it } from "vitest";

import { MAP_DEFAULT_CENTER } from "@/components/map/defaults";
import { mapCenter, parsePoint, samePoint, typedPoint } from "@/components/map/map-center";
import { serviceFields } from "@/features/listings/schema";

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

describe("typedPoint: the form's value for typed coordinates", () => {
  const rule = (lat: string, lng: string) => {
    const checked = serviceFields.coordinates.safeParse(typedPoint(lat, lng));
    return checked.success ? checked.data : checked.error.issues.map((issue) => issue.message);
  };

  it("is the point as soon as both parts are typed, with no map click or lookup", () => {
    expect(typedPoint("50,4501", " 30.5234 ")).toEqual({ lat: 50.4501, lng: 30.5234 });
    expect(rule("50,4501", "30.5234")).toEqual({ lat: 50.4501, lng: 30.5234 });
  });

  it("is no point while nothing is typed: the form asks for a location", () => {
    expect(typedPoint(" ", "")).toBeNull();
    expect(rule("", "")).toEqual(["Validation.location"]);
  });

  it("makes the form name the part that is wrong, not ask for a point on the map", () => {
    expect(rule("95", "30.5")).toEqual(["Validation.latitude"]);
    expect(rule("50", "")).toEqual(["Validation.longitude"]);
    expect(rule("north", "east")).toEqual(["Validation.latitude", "Validation.longitude"]);
  });

  it("compares typed points by value, NaN parts included", () => {
    expect(samePoint(typedPoint("50.45", "x"), typedPoint("50,45", "y"))).toBe(true);
    expect(samePoint(typedPoint("50.45", "30"), { lat: 50.45, lng: 30.1 })).toBe(false);
    expect(samePoint(null, null)).toBe(true);
    expect(samePoint(null, { lat: 0, lng: 0 })).toBe(false);
  });
});
