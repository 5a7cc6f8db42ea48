import { beforeAll, describe, expect, it } from "vitest";

import { GET as layerRoute } from "@/app/api/etc/osm-layer.geojson/route";
import { importOverpass } from "@/features/osm/server/run";

import { setEnv } from "../../helpers/env";
import { makeRequest } from "../../helpers/request";
import { answer, node } from "./helpers";

const get = (headers: Record<string, string> = {}) =>
  layerRoute(makeRequest("/api/etc/osm-layer.geojson", { headers }));
const run = (body: unknown) => importOverpass(body, { trigger: "cli", origin: "test", geocode: 0 });

type Layer = {
  type: string;
  license: string;
  license_url: string;
  attribution: string;
  features: {
    type: string;
    id: string;
    geometry: { type: string; coordinates: number[] };
    properties: Record<string, unknown>;
  }[];
};

beforeAll(() => setEnv({ OSM_GEOCODE_PER_RUN: "0" }));

describe("GET /api/etc/osm-layer.geojson", () => {
  it("is an empty FeatureCollection under the ODbL before any import", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ type: "FeatureCollection", license: "ODbL-1.0", features: [] });
  });

  it("serves every place OSM lists, tags as imported, with the licence and attribution; hidden ones left out", async () => {
    const tags = { name: "СТО Схід", "addr:street": "вулиця Сумська", opening_hours: "Mo-Fr 09:00-18:00" };
    const way = {
      type: "way",
      id: 6002,
      center: { lat: 49.99, lon: 36.23 },
      tags: { craft: "car_repair", name: "Way" },
    };
    await run(answer(node(6001, tags, 49.98, 36.25), way, node(6003)));
    // 6003 missing twice: hidden, and out of the layer.
    await run(answer(node(6001, tags, 49.98, 36.25), way));
    await run(answer(node(6001, tags, 49.98, 36.25), way));

    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/geo\+json/);
    expect(response.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    const layer = (await response.json()) as Layer;
    expect(layer).toMatchObject({
      type: "FeatureCollection",
      license: "ODbL-1.0",
      license_url: "https://opendatacommons.org/licenses/odbl/1-0/",
      attribution: "© OpenStreetMap contributors",
    });
    expect(layer.features.map((feature) => feature.id).sort()).toEqual(["node/6001", "way/6002"]);
    const first = layer.features.find((feature) => feature.id === "node/6001")!;
    expect(first).toEqual({
      type: "Feature",
      id: "node/6001",
      geometry: { type: "Point", coordinates: [36.25, 49.98] },
      properties: { shop: "car_repair", ...tags, osm_type: "node", osm_id: 6001, "@id": "node/6001" },
    });

    // Unchanged since: a conditional request costs a count and answers 304.
    const again = await get({ "if-none-match": etag! });
    expect(again.status).toBe(304);
    await run(answer(node(6001, { ...tags, phone: "0441112233" }, 49.98, 36.25), way));
    expect((await get({ "if-none-match": etag! })).status).toBe(200);
  });

  it("streams thousands of places page by page into one valid document", async () => {
    const many = Array.from({ length: 4500 }, (_, index) =>
      node(100_000 + index, {}, 48 + (index % 300) / 100, 30 + Math.floor(index / 300) / 10),
    );
    await run(answer(...many));
    const layer = (await (await get()).json()) as Layer;
    // With the two places of the test before, missed once only (still shown).
    expect(layer.features).toHaveLength(4502);
    expect(new Set(layer.features.map((feature) => feature.id)).size).toBe(4502);
  });
});
