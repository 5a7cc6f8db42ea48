import { describe, expect, it } from "vitest";
import { clusterCellDegrees, parseViewport, WHOLE_WORLD } from "@/lib/map-viewport";

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
