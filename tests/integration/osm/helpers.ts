import type { OverpassElement } from "@/features/osm/types";

/** A car repair node of a hand-made Overpass answer (Kyiv by default). */
export function node(id: number, tags: Record<string, string> = {}, lat = 50.45, lon = 30.52): OverpassElement {
  return { type: "node", id, lat, lon, tags: { shop: "car_repair", name: `СТО ${id}`, ...tags } };
}

export function answer(...elements: unknown[]) {
  return { version: 0.6, generator: "Overpass API", osm3s: { copyright: "OpenStreetMap" }, elements };
}
