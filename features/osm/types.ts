import type { StoredCategory } from "@/domain/service/fields";
import type { HoursRow } from "@/features/hours/timetable";

/** One element of an Overpass API answer (`[out:json]` with `out center meta;`). */
export type OverpassElement = {
  type: "node" | "way" | "relation";
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  /** When it was last edited on OpenStreetMap (ISO 8601), when the answer says. */
  timestamp?: string;
  tags?: Record<string, string>;
};

/** What an imported place becomes as a listing (the services row of source "osm"). */
export type OsmListing = {
  name: string;
  /** From addr:*; empty when OSM has none (the import then looks one up, cached). */
  address: string;
  latitude: number;
  longitude: number;
  /** Stored form (+380XXXXXXXXX), at most two; numbers that are not Ukrainian are dropped. */
  phones: string[];
  website: string;
  email: string;
  /** The database enum's value (never the form-only "trailers"). */
  category: StoredCategory;
  /** Kinds of work beyond repair, e.g. ["tyres"]. */
  workKinds: string[];
  /** The weekly timetable when opening_hours says it faithfully, else null with hoursKnown false. */
  hours: HoursRow[] | null;
  hoursKnown: boolean;
  /** The original opening_hours text ("" when OSM has none). */
  hoursText: string;
};

/** Why an element is not imported (counted as "skipped" in the run). */
export type OsmSkip = { skip: "no-position" | "no-name" | "not-a-service" };
