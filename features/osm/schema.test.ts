import { describe, expect, it } from "vitest";

import { overpassAnswer } from "@/features/osm/schema";

const tags = { shop: "car_repair", name: "СТО" };

describe("overpassAnswer", () => {
  it("reads an Overpass answer, ignoring the fields around the elements", () => {
    const answer = {
      version: 0.6,
      generator: "Overpass API 0.7.62",
      osm3s: { timestamp_osm_base: "2026-11-20T10:00:00Z", copyright: "ODbL" },
      elements: [
        { type: "node", id: 9000000001, lat: 50.45, lon: 30.52, tags },
        { type: "way", id: 9000000002, center: { lat: 49.84, lon: 24.03 }, nodes: [1, 2, 3], tags },
        { type: "relation", id: 9000000003, center: { lat: 46.48, lon: 30.73 }, members: [] },
      ],
    };
    expect(overpassAnswer.parse(answer)).toEqual({
      elements: [
        { type: "node", id: 9000000001, lat: 50.45, lon: 30.52, tags },
        { type: "way", id: 9000000002, center: { lat: 49.84, lon: 24.03 }, tags },
        { type: "relation", id: 9000000003, center: { lat: 46.48, lon: 30.73 } },
      ],
      skipped: 0,
    });
  });

  it("keeps out elements of other shapes and counts them, never failing the answer", () => {
    const answer = {
      elements: [
        { type: "node", id: 1, lat: 50.45, lon: 30.52, tags },
        { type: "area", id: 2, lat: 50.45, lon: 30.52, tags },
        { type: "node", id: "3", lat: 50.45, lon: 30.52, tags },
        { type: "node", id: -4, lat: 50.45, lon: 30.52, tags },
        { type: "node", id: 5.5, lat: 50.45, lon: 30.52, tags },
        { type: "way", id: 6, tags },
        { type: "node", id: 7, lat: 50.45, tags },
        { type: "node", id: 8, lat: "50.45", lon: 30.52, tags },
        { type: "way", id: 9, center: { lat: 50.45 }, tags },
        null,
        "node",
        { type: "node", id: 10, lat: 50.45, lon: 30.52, tags: "shop=car_repair" },
      ],
    };
    const read = overpassAnswer.parse(answer);
    expect(read.elements.map((element) => element.id)).toEqual([1]);
    expect(read.skipped).toBe(11);
  });

  it("keeps the time of an element's last edit (out meta) and drops who made it", () => {
    const read = overpassAnswer.parse({
      elements: [
        {
          type: "node",
          id: 1,
          lat: 50.45,
          lon: 30.52,
          timestamp: "2025-03-01T10:00:00Z",
          version: 7,
          changeset: 123,
          user: "mapper",
          uid: 42,
          tags,
        },
        { type: "node", id: 2, lat: 50.45, lon: 30.52, timestamp: "yesterday", tags },
        { type: "node", id: 3, lat: 50.45, lon: 30.52, tags },
      ],
    });
    expect(read.elements).toEqual([
      { type: "node", id: 1, lat: 50.45, lon: 30.52, timestamp: "2025-03-01T10:00:00Z", tags },
      // A time that is not one is no time: the element is still read.
      { type: "node", id: 2, lat: 50.45, lon: 30.52, tags },
      { type: "node", id: 3, lat: 50.45, lon: 30.52, tags },
    ]);
  });

  it("keeps only the string tag values", () => {
    const read = overpassAnswer.parse({
      elements: [{ type: "node", id: 1, lat: 50.45, lon: 30.52, tags: { ...tags, level: 2, note: null } }],
    });
    expect(read.elements[0]?.tags).toEqual(tags);
  });

  it("passes on Overpass's remark, which says the elements are incomplete", () => {
    const read = overpassAnswer.parse({
      elements: [],
      remark: 'runtime error: Query timed out in "query" at line 4 after 181 seconds.',
    });
    expect(read.remark).toMatch(/timed out/);
    expect(overpassAnswer.parse({ elements: [] })).not.toHaveProperty("remark");
  });

  it.each([null, [], "<html>Too many requests</html>", {}, { elements: "none" }, { elements: { 0: {} } }])(
    "refuses %j as not an Overpass answer, with a clear error",
    (answer) => {
      const read = overpassAnswer.safeParse(answer);
      expect(read.success).toBe(false);
      expect(read.error?.issues[0]?.message).toMatch(/Overpass answer/);
    },
  );
});
