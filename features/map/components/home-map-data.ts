import type { MapCluster } from "@/features/map/answers";
import type { Viewport } from "@/features/map/viewport";

import type { MapService } from "./services-map";

/**
 * The home map's question to the server, apart from the map's own chunk (Leaflet) so the page can
 * ask it while that chunk is still on its way: the two came one after the other, and the map
 * said "Loading the map…" for both.
 */
export type Locations = { services: MapService[]; clusters: MapCluster[] };

export async function fetchLocations(viewport: Viewport | null): Promise<Locations> {
  const query = viewport
    ? `?bbox=${[viewport.west, viewport.south, viewport.east, viewport.north].join(",")}&zoom=${viewport.zoom}`
    : "";
  const response = await fetch(`/api/items/locations${query}`);
  const body = (await response.json().catch(() => null)) as (Locations & { message?: string }) | null;
  if (!response.ok || !body?.services) throw new Error(body?.message ?? response.statusText);
  return body;
}

let early: Promise<Locations> | null = null;

/** Asks for the whole map now (once), for the map that is about to be drawn. */
export function askLocationsEarly() {
  if (early) return;
  early = fetchLocations(null);
  // Unhandled until the map takes it: a failure is the map's to show, not the console's.
  early.catch(() => undefined);
}

/** The early answer, once: the map's first question uses it, any later one asks afresh. */
export function takeEarlyLocations(): Promise<Locations> | null {
  const taken = early;
  early = null;
  return taken;
}
