import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { MARKER_BOX_PX, MARKER_SIZE } from "@/components/map/defaults";
import {
  CLUSTER_CELL_PX,
  clusterCellDegrees,
  groupMarkers,
  mercatorY,
  mergeNearby,
  parseViewport,
  WHOLE_WORLD,
  type CellGroup,
} from "@/features/map/viewport";

const parse = (query: string) => parseViewport(new URLSearchParams(query));

describe("parseViewport", () => {
  it("reads bbox and zoom, and means the whole map without them", () => {
    expect(parse("bbox=22.1,44.3,40.2,52.4&zoom=6")).toEqual({
      west: 22.1,
      south: 44.3,
      east: 40.2,
      north: 52.4,
      zoom: 6,
    });
    expect(parse("")).toEqual(WHOLE_WORLD);
  });

  it("refuses anything else", () => {
    for (const query of [
      "bbox=1,2,3",
      "zoom=5",
      "bbox=0,0,1,1",
      "bbox=0,0,1,1&zoom=21",
      "bbox=0,0,1,1&zoom=-1",
      "bbox=2,0,1,1&zoom=3",
      "bbox=0,2,1,1&zoom=3",
      "bbox=-181,0,1,1&zoom=3",
      "bbox=1e2,0,1,1&zoom=3",
      "bbox=,,,&zoom=3",
    ]) {
      expect(parse(query), query).toBeNull();
    }
  });
});

describe("clusterCellDegrees", () => {
  it("halves with each zoom level", () => {
    expect(clusterCellDegrees(6) / clusterCellDegrees(7)).toBe(2);
    expect(clusterCellDegrees(0)).toBe(72);
  });
});

describe("mercatorY", () => {
  it("is the latitude's Web Mercator y in longitude degrees", () => {
    expect(mercatorY(0)).toBeCloseTo(0, 9);
    expect(mercatorY(85.0511287798)).toBeCloseTo(180, 6);
    expect(mercatorY(-90)).toBeCloseTo(-180, 6);
    // Near 50°N a degree of latitude is 1 / cos 50° ≈ 1.556 times as tall as one of longitude.
    expect(mercatorY(50.0005) - mercatorY(49.9995)).toBeCloseTo(0.001 / Math.cos((50 * Math.PI) / 180), 6);
  });
});

describe("mergeNearby", () => {
  it("folds a lone pin next to a cluster across a cell border into it, without moving the cluster", () => {
    const merged = mergeNearby(
      [
        { lat: 50.0, lng: 30.0, count: 6, id: "a" },
        { lat: 50.1, lng: 30.2, count: 1, id: "b" },
        { lat: 46.5, lng: 30.7, count: 1, id: "c" },
      ],
      0.9,
    );
    expect(merged).toEqual([
      { lat: 50.0, lng: 30.0, count: 7, id: "a" },
      { lat: 46.5, lng: 30.7, count: 1, id: "c" },
    ]);
  });

  it("keeps groups a cell apart", () => {
    expect(
      mergeNearby(
        [
          { lat: 50, lng: 30, count: 2, id: "a" },
          { lat: 50, lng: 31, count: 2, id: "b" },
        ],
        0.9,
      ),
    ).toHaveLength(2);
    // At 50°N 0.55° of latitude is 0.86° of Mercator y (less than a cell: merged), 0.6° is 0.93°.
    expect(
      mergeNearby(
        [
          { lat: 50, lng: 30, count: 2, id: "a" },
          { lat: 50.55, lng: 30, count: 1, id: "b" },
        ],
        0.9,
      ),
    ).toHaveLength(1);
    expect(
      mergeNearby(
        [
          { lat: 50, lng: 30, count: 2, id: "a" },
          { lat: 50.6, lng: 30, count: 1, id: "b" },
        ],
        0.9,
      ),
    ).toHaveLength(2);
  });

  it("leaves no two markers closer than a cell on screen, so icons of MARKER_BOX_PX never overlap, and loses no service", () => {
    expect(MARKER_BOX_PX).toBeLessThan(CLUSTER_CELL_PX);
    const group = fc.record({
      lat: fc.double({ min: 44, max: 53, noNaN: true }),
      lng: fc.double({ min: 22, max: 41, noNaN: true }),
      count: fc.integer({ min: 1, max: 500 }),
    });
    fc.assert(
      fc.property(fc.array(group, { maxLength: 80 }), fc.integer({ min: 3, max: 14 }), (raw, zoom) => {
        const groups: CellGroup[] = raw.map((entry, index) => ({ ...entry, id: String(index).padStart(3, "0") }));
        const cell = clusterCellDegrees(zoom);
        const merged = mergeNearby(groups, cell);
        expect(merged.reduce((sum, entry) => sum + entry.count, 0)).toBe(
          groups.reduce((sum, entry) => sum + entry.count, 0),
        );
        // Screen pixels per longitude degree (and per Mercator y unit) at this zoom.
        const scale = (256 * 2 ** zoom) / 360;
        for (let i = 0; i < merged.length; i++) {
          for (let j = i + 1; j < merged.length; j++) {
            const a = merged[i]!;
            const b = merged[j]!;
            const dx = Math.abs(a.lng - b.lng) * scale;
            const dy = Math.abs(mercatorY(a.lat) - mercatorY(b.lat)) * scale;
            expect(Math.max(dx, dy)).toBeGreaterThanOrEqual(CLUSTER_CELL_PX - 1e-6);
            // Boxes of MARKER_BOX_PX anchored at their bottom centre: apart along x or along y.
            expect(dx >= MARKER_BOX_PX || dy >= MARKER_BOX_PX).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("groupMarkers", () => {
  const service = (id: string, lat: number, lng: number) => ({ _id: id, coordinates: { lat, lng } });
  // Three services in Kyiv a few hundred metres apart, one in Lviv.
  const kyiv = [service("b", 50.45, 30.52), service("a", 50.451, 30.523), service("c", 50.447, 30.519)];
  const lviv = service("d", 49.84, 24.03);

  it("draws services that would cover each other at this zoom as one counted cluster, and far ones as pins", () => {
    const grouped = groupMarkers([...kyiv, lviv], [], 6);
    expect(grouped.services).toEqual([lviv]);
    expect(grouped.clusters).toHaveLength(1);
    expect(grouped.clusters[0]).toMatchObject({ count: 3 });
    expect(grouped.clusters[0]!.lat).toBeCloseTo(50.4493, 3);
  });

  it("shows every service as its own pin once zoomed in far enough", () => {
    const grouped = groupMarkers([...kyiv, lviv], [], 18);
    expect(grouped.clusters).toEqual([]);
    expect(grouped.services.map((s) => s._id).sort()).toEqual(["a", "b", "c", "d"]);
  });

  it("keeps the server's clusters, a cluster of one included, and folds pins beside them in", () => {
    const grouped = groupMarkers(
      [service("e", 50.4505, 30.521), lviv],
      [
        { lat: 50.45, lng: 30.52, count: 40 },
        { lat: 46.48, lng: 30.72, count: 1 },
      ],
      6,
    );
    expect(grouped.services).toEqual([lviv]);
    expect(grouped.clusters).toEqual([
      { lat: 50.45, lng: 30.52, count: 41 },
      { lat: 46.48, lng: 30.72, count: 1 },
    ]);
  });

  it("leaves no two markers closer than a cell on screen at any zoom and loses no service", () => {
    // A 34x45 pin (spec §9) and any cluster fit in MARKER_BOX_PX, which is less than a cell.
    expect(MARKER_BOX_PX).toBe(Math.max(...MARKER_SIZE));
    const point = fc.record({
      lat: fc.double({ min: 44, max: 53, noNaN: true }),
      lng: fc.double({ min: 22, max: 41, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 120 }), fc.integer({ min: 3, max: 18 }), (raw, zoom) => {
        const services = raw.map((coordinates, index) => ({ _id: String(index).padStart(3, "0"), coordinates }));
        const grouped = groupMarkers(services, [], zoom);
        const markers = [...grouped.services.map((s) => ({ ...s.coordinates, count: 1 })), ...grouped.clusters];
        expect(markers.reduce((sum, marker) => sum + marker.count, 0)).toBe(services.length);
        const scale = (256 * 2 ** zoom) / 360;
        for (let i = 0; i < markers.length; i++) {
          for (let j = i + 1; j < markers.length; j++) {
            const dx = Math.abs(markers[i]!.lng - markers[j]!.lng) * scale;
            const dy = Math.abs(mercatorY(markers[i]!.lat) - mercatorY(markers[j]!.lat)) * scale;
            expect(dx >= MARKER_BOX_PX || dy >= MARKER_BOX_PX).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
