import { createHash, randomBytes } from "node:crypto";

import type { HoursRow } from "@/features/hours/timetable";

import { emailSinceOfNew } from "../email-age";
import { mapElement } from "../mapping";
import { overpassAnswer } from "../schema";
import type { OverpassElement } from "../types";

// No "server-only" marker here either, as in apply-answer.ts: prisma/seed.ts, run by plain tsx,
// imports this through applyOverpassAnswer.

/** What one element becomes in the temporary table (short keys: 20,000 of them go as one JSON). */
type Incoming = {
  t: OverpassElement["type"];
  oid: string;
  tags: Record<string, string>;
  lat: number;
  lng: number;
  hash: string;
  sid: string;
  pid: string;
  name: string;
  address: string;
  fallback: string;
  p1: string;
  p2: string;
  web: string;
  mail: string;
  /** Since when its e-mail has stood if the place is new to us (emailSinceOfNew), ISO in UTC. */
  es: string;
  cat: string;
  kinds: string[];
  hk: boolean;
  ht: string;
  hours: unknown;
};

/** The address shown until a real one is known: the city when OSM names one, else the coordinates as the geocoder writes them. */
export function fallbackAddress(tags: Record<string, string>, lat: number, lng: number): string {
  const city = tags["addr:city"]?.trim();
  return city || coordinatesText(lat, lng);
}

/** The geocoder's own fallback text (features/listings/server/geocode.ts), so a lookup can tell it apart. */
const coordinatesText = (lat: number, lng: number) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/** sha256 of the tags (keys sorted) and the position: what "unchanged" compares. */
export function contentHash(tags: Record<string, string>, lat: number, lng: number): string {
  const sorted = Object.fromEntries(
    Object.keys(tags)
      .sort()
      .map((key) => [key, tags[key]]),
  );
  return createHash("sha256")
    .update(JSON.stringify([sorted, lat, lng]))
    .digest("hex");
}

/** A time-ordered id like Prisma's uuid(7), for rows this module inserts with SQL. */
function uuidV7(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Rows the opening_hours table takes (one per weekday 1–7, minutes 0–1440): one odd element must
 * not fail the whole run on the table's unique key, so anything else is stored as no timetable.
 */
function storable(hours: HoursRow[] | null): hours is HoursRow[] {
  if (!hours) return false;
  const minute = (value: number) => Number.isInteger(value) && value >= 0 && value <= 1440;
  const days = new Set(hours.map((row) => row.weekday));
  return (
    days.size === hours.length &&
    hours.every((row) => Number.isInteger(row.weekday) && row.weekday >= 1 && row.weekday <= 7) &&
    hours.every((row) => minute(row.opensAt) && minute(row.closesAt))
  );
}

/** Validated, mapped and de-duplicated (the last of two elements with one key wins). */
export function prepareAnswer(
  answer: unknown,
  now = new Date(),
): { incoming: Incoming[]; elements: number; skipped: number } {
  const parsed = overpassAnswer.safeParse(answer);
  if (!parsed.success) throw new Error(`the answer is not an Overpass answer: ${parsed.error.issues[0]?.message}`);
  // Overpass ran out of time or memory: what is missing from a partial answer is not gone from OSM.
  if (parsed.data.remark) throw new Error(`Overpass's answer is partial: ${parsed.data.remark.slice(0, 200)}`);
  const elements = parsed.data.elements;
  const rawCount = elements.length + parsed.data.skipped;
  let skipped = parsed.data.skipped;
  const byKey = new Map<string, Incoming>();
  for (const element of elements) {
    const mapped = mapElement(element);
    if ("skip" in mapped) {
      skipped++;
      continue;
    }
    const tags = element.tags ?? {};
    const lat = mapped.latitude;
    const lng = mapped.longitude;
    const key = `${element.type}/${element.id}`;
    if (byKey.has(key)) skipped++;
    byKey.set(key, {
      t: element.type,
      oid: String(element.id),
      tags,
      lat,
      lng,
      hash: contentHash(tags, lat, lng),
      sid: uuidV7(),
      pid: uuidV7(),
      name: mapped.name.slice(0, 100),
      address: mapped.address.slice(0, 300),
      fallback: fallbackAddress(tags, lat, lng).slice(0, 300),
      p1: mapped.phones[0] ?? "",
      p2: mapped.phones[1] ?? "",
      web: mapped.website.slice(0, 100),
      mail: mapped.email.slice(0, 100),
      es: emailSinceOfNew(element.timestamp, now).toISOString(),
      cat: mapped.category,
      kinds: mapped.workKinds.map((kind) => kind.slice(0, 20)),
      // Known only as a timetable we can store; otherwise unknown, with OSM's text, never guessed.
      hk: mapped.hoursKnown && storable(mapped.hours),
      ht: mapped.hoursText.slice(0, 255),
      hours: mapped.hoursKnown && storable(mapped.hours) ? mapped.hours : null,
    });
  }
  return { incoming: [...byKey.values()], elements: rawCount, skipped: Math.max(0, skipped) };
}
