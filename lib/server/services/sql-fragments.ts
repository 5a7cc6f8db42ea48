import "server-only";
import { publishedSql } from "@/lib/db/published";
import { Prisma } from "@/lib/generated/prisma/client";
import { categoriesMatching } from "@/lib/category-search";
import { localClock } from "@/lib/timetable";
import { keywordVariants } from "@/lib/translit";
import type { ItemsQuery } from "@/lib/validation/items-query";
import { getPrisma } from "../db";

/**
 * The pieces the public reads of services are written from, over the services table aliased `s`.
 * Filtering, "open now", keyword and distance are SQL, so the work stays in the database.
 */
export const PUBLISHED = Prisma.raw(publishedSql("s"));

export const CARD_COLUMNS = Prisma.sql`s.id, s.name, s.role::text AS role, s."imageId", s.address, s.latitude, s.longitude, s."isOnTheGo",
  s.category::text AS category, s.brand, s."ratingAvg", s."qualityAvg", s."speedAvg", s."priceAvg", s."ratingScore", s."numReviews", s."timeZone", s."contactPhone1",
  s."contactPhone2", s."contactMail"`;

/**
 * A row's opening hours, for the opening status lib/timetable.ts computes from them (open now and
 * the next change). Read only for the rows a page returns.
 */
export const HOURS = Prisma.sql`(SELECT json_agg(json_build_object('weekday', h.weekday, 'closed', h.closed, 'opensAt', h."opensAt", 'closesAt', h."closesAt"))
  FROM opening_hours h WHERE h."serviceId" = s.id) AS hours`;

/** The rating sorts order by the smoothed scores (lib/db/rating-scores.ts), not the raw averages. */
const SORT_COLUMNS = {
  rating: Prisma.sql`s."ratingScore"`,
  quality: Prisma.sql`s."qualityScore"`,
  speed: Prisma.sql`s."speedScore"`,
  price: Prisma.sql`s."priceScore"`,
} as const;

/** A sort with its tie-breakers; ascending is the exact reverse of descending, so both walk the same index. */
export function sortOrder(sort: NonNullable<ItemsQuery["sort"]>): Prisma.Sql {
  const [field, direction] = sort.split(".") as [keyof typeof SORT_COLUMNS, "asc" | "desc"];
  return direction === "asc"
    ? Prisma.sql`${SORT_COLUMNS[field]} ASC, s."numReviews" ASC, s.id DESC`
    : Prisma.sql`${SORT_COLUMNS[field]} DESC, s."numReviews" DESC, s.id ASC`;
}

/**
 * "Open now" at an instant, as a boolean over `s`: a filter in WHERE, or a column in SELECT.
 * The local weekday and minute are computed here once per time zone in use and handed to
 * PostgreSQL as a small table, so a single correlated EXISTS remains: the planner turns it into a
 * semi-join that probes opening_hours by (serviceId, weekday) only for the rows a page walks,
 * instead of converting time zones row by row. Same semantics as isOpenAt in lib/timetable.ts:
 * [opensAt, closesAt) on the local weekday; closesAt <= opensAt runs past midnight into the next
 * day.
 */
export async function openNowSql(instant: Date): Promise<Prisma.Sql> {
  const clocks = (await timeZonesInUse()).map((zone) => {
    const { weekday, minute } = localClock(instant, zone);
    const previous = ((weekday + 5) % 7) + 1;
    return Prisma.sql`(${zone}, ${weekday}::int, ${previous}::int, ${minute}::int)`;
  });
  if (!clocks.length) return Prisma.sql`false`;
  return Prisma.sql`EXISTS (
    SELECT 1 FROM opening_hours h JOIN (VALUES ${Prisma.join(clocks)}) AS clock(zone, weekday, previous, minute) ON clock.zone = s."timeZone"
    WHERE h."serviceId" = s.id AND h.closed = false AND (
      (h.weekday = clock.weekday AND h."opensAt" <= clock.minute AND (h."closesAt" <= h."opensAt" OR h."closesAt" > clock.minute))
      OR (h.weekday = clock.previous AND h."closesAt" <= h."opensAt" AND h."closesAt" > clock.minute)))`;
}

/**
 * Distinct time zones of services, read fresh every time (a new zone must count at once) with a
 * skip scan over services_timeZone_idx: one index probe per zone, not a pass over the table.
 */
async function timeZonesInUse(): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ zone: string }[]>`WITH RECURSIVE zones AS (
      SELECT min("timeZone") AS zone FROM services
      UNION ALL SELECT (SELECT min("timeZone") FROM services WHERE "timeZone" > zones.zone) FROM zones WHERE zones.zone IS NOT NULL)
    SELECT zone FROM zones WHERE zone IS NOT NULL`;
  return rows.map((row) => row.zone).filter(isKnownTimeZone);
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The keyword in either script, by part of a word, with a typo (trigram word similarity), or a category's label. */
export function keywordMatch(keyword: string): Prisma.Sql {
  const variants = keywordVariants(keyword);
  const clauses = variants.map((variant) => {
    const like = `%${variant.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return Prisma.sql`(s.name ILIKE ${like} OR s.address ILIKE ${like} OR s.description ILIKE ${like} OR s.brand ILIKE ${like}
      OR ${variant} <% s.name OR ${variant} <% s.address)`;
  });
  const categories = categoriesMatching(variants);
  if (categories.length) clauses.push(Prisma.sql`s.category IN (${Prisma.join(categories.map((category) => Prisma.sql`${category}::"Category"`))})`);
  return Prisma.sql`(${Prisma.join(clauses, " OR ")})`;
}

type Point = { lat: number; lng: number };

export function distanceKm(near: Point): Prisma.Sql {
  return Prisma.sql`(earth_distance(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ll_to_earth(s.latitude, s.longitude)) / 1000.0)`;
}

/** Nearest first, answered by services_location_knn_idx (chord distance orders like km do). */
export function nearestFirst(near: Point): Prisma.Sql {
  return Prisma.sql`ll_to_earth(s.latitude, s.longitude) <-> ll_to_earth(${near.lat}::float8, ${near.lng}::float8)`;
}
