import { describe, expect, it } from "vitest";
import { clusterCellDegrees, mergeNearby, parseViewport, WHOLE_WORLD } from "@/lib/map-viewport";

const parse = (query: string) => parseViewport(new URLSearchParams(query));

describe("parseViewport", () => {
  it("reads bbox and zoom, and means the whole map without them", () => {
    expect(parse("bbox=22.1,44.3,40.2,52.4&zoom=6")).toEqual({ west: 22.1, south: 44.3, east: 40.2, north: 52.4, zoom: 6 });
    expect(parse("")).toEqual(WHOLE_WORLD);
  });

  it("refuses anything else", () => {
    for (const query of ["bbox=1,2,3", "zoom=5", "bbox=0,0,1,1", "bbox=0,0,1,1&zoom=21", "bbox=0,0,1,1&zoom=-1", "bbox=2,0,1,1&zoom=3", "bbox=0,2,1,1&zoom=3", "bbox=-181,0,1,1&zoom=3", "bbox=1e2,0,1,1&zoom=3", "bbox=,,,&zoom=3"]) {
      expect(parse(query), query).toBeNull();
    }
  });
});

describe("clusterCellDegrees", () => {
  it("halves with each zoom level", () => {
    expect(clusterCellDegrees(6) / clusterCellDegrees(7)).toBe(2);
    expect(clusterCellDegrees(0)).toBe(60);
  });
});

describe("mergeNearby", () => {
  it("folds a lone pin next to a cluster across a cell border into it", () => {
    const merged = mergeNearby(
      [
        { lat: 50.0, lng: 30.0, count: 6, id: "a" },
        { lat: 50.1, lng: 30.2, count: 1, id: "b" },
        { lat: 46.5, lng: 30.7, count: 1, id: "c" },
      ],
      0.9,
    );
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ count: 7, id: "a" });
    expect(merged[0]!.lng).toBeCloseTo((30 * 6 + 30.2) / 7, 6);
    expect(merged[1]).toEqual({ lat: 46.5, lng: 30.7, count: 1, id: "c" });
  });

  it("keeps groups a cell apart", () => {
    expect(mergeNearby([{ lat: 50, lng: 30, count: 2, id: "a" }, { lat: 50, lng: 31, count: 2, id: "b" }], 0.9)).toHaveLength(2);
  });
});
