import type { StoredCategory } from "@/domain/service/fields";
import { serviceFields } from "@/features/listings/schema";
import { readOpeningHours } from "@/features/osm/opening-hours";
import type { OsmListing, OsmSkip, OverpassElement } from "@/features/osm/types";
import { normalizePhone } from "@/lib/phone";

/** The column sizes of services (prisma/schema.prisma). */
const NAME_MAX = 100;
const ADDRESS_MAX = 300;
const HOURS_TEXT_MAX = 255;
const PHONES_KEPT = 2;

/** The tags that make a place a car service for us, as `key=value`. */
const SERVICE_TAGS = ["shop=car_repair", "craft=car_repair", "shop=tyres"];
/** Where a name is looked for, first found wins: the Ukrainian name first, as our pages speak it. */
const NAME_KEYS = ["name:uk", "name", "name:en", "brand", "operator"];
const PHONE_KEYS = ["phone", "contact:phone", "mobile", "contact:mobile"];
const WEBSITE_KEYS = ["website", "contact:website", "url"];
/** The tags a place's e-mail is read from (the import dates the address by them). */
export const EMAIL_KEYS = ["email", "contact:email"];

/**
 * `service:vehicle:<kind>=yes` and the category it fits. Kinds we have no category for
 * (motorcycle, …) fit none. One category fitting → that category; several, or none → "any".
 *
 *   car, car_repair            → cars
 *   truck, heavy               → trucks
 *   bus                        → buses
 *   tractor, agricultural      → agriculturalmachinery
 *   motorcycle and the rest    → (no category)
 */
const CATEGORY_BY_VEHICLE: Record<string, StoredCategory> = {
  car: "cars",
  car_repair: "cars",
  truck: "trucks",
  heavy: "trucks",
  bus: "buses",
  tractor: "agriculturalmachinery",
  agricultural: "agriculturalmachinery",
};

/** Street kinds as our listings write them ("вул. Хрещатик"), when OSM spells them out first. */
const STREET_ABBREVIATIONS: [RegExp, string][] = [
  [/^вулиця\s+/iu, "вул. "],
  [/^проспект\s+/iu, "просп. "],
  [/^провулок\s+/iu, "пров. "],
  [/^бульвар\s+/iu, "бульв. "],
  [/^площа\s+/iu, "пл. "],
];

/** What an Overpass element becomes as a listing, or why it is not imported. */
export function mapElement(element: OverpassElement): OsmListing | OsmSkip {
  const tags = element.tags ?? {};
  if (!isService(tags)) return { skip: "not-a-service" };
  const name = firstText(tags, NAME_KEYS, NAME_MAX);
  if (!name) return { skip: "no-name" };
  const position = positionOf(element);
  if (!position) return { skip: "no-position" };
  const hoursText = clean(tags.opening_hours ?? "", HOURS_TEXT_MAX);
  const { hours, known } = readOpeningHours(hoursText);
  return {
    name,
    address: addressOf(tags),
    ...position,
    phones: phonesOf(tags),
    website: websiteOf(tags),
    email: emailOf(tags),
    category: categoryOf(tags),
    workKinds: workKindsOf(tags),
    hours,
    hoursKnown: known,
    hoursText,
  };
}

/** A tag's values: OSM separates several with ";". */
function values(tags: Record<string, string>, key: string): string[] {
  return (tags[key] ?? "")
    .split(";")
    .map((value) => value.trim())
    .filter(Boolean);
}

function isService(tags: Record<string, string>): boolean {
  return SERVICE_TAGS.some((tag) => {
    const [key, value] = tag.split("=") as [string, string];
    return values(tags, key).includes(value);
  });
}

/** One line of text: control characters and runs of spaces as one space, trimmed, cut to a column's size. */
function clean(text: string, max: number): string {
  const line = text.replace(/[\p{Cc}\s]+/gu, " ").trim();
  // Counted in characters (code points), as PostgreSQL's VarChar counts them.
  return Array.from(line).slice(0, max).join("").trimEnd();
}

function firstText(tags: Record<string, string>, keys: string[], max: number): string {
  for (const key of keys) {
    const text = clean(tags[key] ?? "", max);
    if (text) return text;
  }
  return "";
}

/** The element's own lat/lon (a node), else the center `out center` gives a way or relation. */
function positionOf(element: OverpassElement): { latitude: number; longitude: number } | null {
  const point =
    element.lat !== undefined && element.lon !== undefined ? { lat: element.lat, lon: element.lon } : element.center;
  if (!point) return null;
  const { lat, lon } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  // 0,0 is what a broken export writes, not where a car service is.
  if (lat === 0 && lon === 0) return null;
  return { latitude: lat, longitude: lon };
}

/**
 * The address as our listings write it: "вул. Хрещатик, 22, Київ, 01001" — street (or, in a village
 * without streets, addr:place), house number, settlement, postcode. Empty without a street or place:
 * the import looks the address up from the position.
 */
function addressOf(tags: Record<string, string>): string {
  const text = (key: string) => clean(tags[key] ?? "", ADDRESS_MAX);
  const street = STREET_ABBREVIATIONS.reduce((name, [long, short]) => name.replace(long, short), text("addr:street"));
  const place = text("addr:place");
  const first = street || place;
  if (!first) return "";
  const settlement = text("addr:city") || text("addr:village") || (street ? place : "");
  const parts = [first, text("addr:housenumber"), settlement, text("addr:postcode")].filter(Boolean);
  const distinct = parts.filter(
    (part, index) => parts.findIndex((other) => other.toLocaleLowerCase() === part.toLocaleLowerCase()) === index,
  );
  return clean(distinct.join(", "), ADDRESS_MAX);
}

/** Ukrainian numbers in our stored form (lib/phone.ts), each once, at most two; others are dropped. */
function phonesOf(tags: Record<string, string>): string[] {
  const phones = new Set<string>();
  for (const key of PHONE_KEYS) {
    for (const written of (tags[key] ?? "").split(/[;,]/)) {
      const stored = normalizePhone(written.trim());
      if (stored) phones.add(stored);
    }
  }
  return [...phones].slice(0, PHONES_KEPT);
}

/** The first http(s) address our listing form would accept too (its website rule, 100 characters at most). */
function websiteOf(tags: Record<string, string>): string {
  for (const key of WEBSITE_KEYS) {
    for (const value of values(tags, key)) {
      if (!/^https?:\/\//i.test(value)) continue;
      const read = serviceFields.website.safeParse(value);
      if (read.success && read.data) return read.data;
    }
  }
  return "";
}

/** The first address our listing form's contact e-mail rule accepts, lower-cased. */
function emailOf(tags: Record<string, string>): string {
  for (const key of EMAIL_KEYS) {
    for (const value of values(tags, key)) {
      const read = serviceFields.contactMail.safeParse(value.replace(/^mailto:/i, "").toLowerCase());
      if (read.success) return read.data;
    }
  }
  return "";
}

function isYes(tags: Record<string, string>, key: string): boolean {
  return tags[key]?.trim().toLowerCase() === "yes";
}

function categoryOf(tags: Record<string, string>): StoredCategory {
  const fitting = new Set<StoredCategory>();
  for (const [vehicle, category] of Object.entries(CATEGORY_BY_VEHICLE)) {
    if (isYes(tags, `service:vehicle:${vehicle}`)) fitting.add(category);
  }
  return fitting.size === 1 ? [...fitting][0]! : "any";
}

/** "tyres" for a tyre shop, or a repair shop that says it does tyres. */
function workKindsOf(tags: Record<string, string>): string[] {
  const tyres =
    values(tags, "shop").includes("tyres") ||
    isYes(tags, "service:vehicle:tyres") ||
    isYes(tags, "service:tyres") ||
    isYes(tags, "tyres");
  return tyres ? ["tyres"] : [];
}
