import "server-only";
import { cache } from "react";
import { PAGE_SIZE } from "@/lib/constants";
import { PUBLISHED_WHERE, publishedSql } from "@/lib/db/published";
import { Prisma } from "@/lib/generated/prisma/client";
import { categoriesMatching } from "@/lib/category-search";
import { clusterCellDegrees, MAP_SERVICES_MAX, MAX_MAP_POINTS, mergeNearby, WHOLE_WORLD, type CellGroup, type MapCluster, type Viewport } from "@/lib/map-viewport";
import { keywordVariants } from "@/lib/translit";
import type { ItemsQuery } from "@/lib/validation/items-query";
import { SERVICE_RADIUS_MAX_KM } from "@/lib/validation/service";
import { getPrisma } from "./db";
import { isUuid, NotFoundError } from "./errors";
import { hoursColumns, openNowConditions } from "./open-now";
import { minuteOf, onCatalogChange, rememberRead } from "./read-cache";
import { imageUrl, toCard, toTimetable, type CardRow, type ServiceCard, type ServiceDetail } from "./service-dto";
import { currentSpecialHours, toSpecialHours } from "./opening-exceptions";
import { paidMedians, priceLines } from "./prices";
import { orderedImages } from "./service-images";

/**
 * Public reads of services: only published ones (paid stations and masters, not blocked).
 * Filtering, "open now", keyword and distance are SQL, so the work stays in the database.
 */
const PUBLISHED = Prisma.raw(publishedSql("s"));

/** The rating sorts order by the smoothed scores (lib/db/rating-scores.ts), not the raw averages. */
const SORT_COLUMNS = {
  rating: Prisma.sql`s."ratingScore"`,
  quality: Prisma.sql`s."qualityScore"`,
  speed: Prisma.sql`s."speedScore"`,
  price: Prisma.sql`s."priceScore"`,
} as const;


function keywordMatch(keyword: string): Prisma.Sql {
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

function distanceKm(near: Point): Prisma.Sql {
  return Prisma.sql`(earth_distance(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ll_to_earth(s.latitude, s.longitude)) / 1000.0)`;
}

/** Nearest first, answered by services_location_knn_idx (chord distance orders like km do). */
function nearestFirst(near: Point): Prisma.Sql {
  return Prisma.sql`ll_to_earth(s.latitude, s.longitude) <-> ll_to_earth(${near.lat}::float8, ${near.lng}::float8)`;
}

/** An on-the-go master whose service radius covers the point comes to it. */
function comesTo(near: Point): Prisma.Sql {
  return Prisma.sql`(s."isOnTheGo" AND s."serviceRadiusKm" IS NOT NULL AND ${distanceKm(near)} <= s."serviceRadiusKm")`;
}

/**
 * The masters who come to the point, however far their base: the box of the largest radius is
 * answered by the same GiST index as the nearest-first order, the exact radius checked per row.
 */
function withinReach(near: Point): Prisma.Sql {
  return Prisma.sql`earth_box(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ${SERVICE_RADIUS_MAX_KM * 1000}::float8) @> ll_to_earth(s.latitude, s.longitude)
    AND ${comesTo(near)}`;
}

/**
 * A GiST scan orders by distance alone, so the page is cut from a few more nearest candidates
 * than it needs and the tie-breakers (sort key, id) are applied to those: services at exactly
 * the same spot beyond this margin are the only case it would not order stably.
 */
const NEAR_TIE_MARGIN = 24;

const CARD_COLUMNS = Prisma.sql`s.id, s.name, s.role::text AS role, s."imageId", s.address, s.latitude, s.longitude, s."isOnTheGo",
  s.category::text AS category, s.brand, s."ratingAvg", s."qualityAvg", s."speedAvg", s."priceAvg", s."ratingScore", s."numReviews", s."timeZone", s."contactPhone1",
  s."contactPhone2", s."contactMail", s.viber, s."liveState"::text AS "liveState", s."liveNote", s."liveUntil", s."liveUpdatedAt"`;

/**
 * Totals only size the pager, yet counting tens of thousands of matches is the dominant cost of
 * a busy list. A large total is therefore reused for half a minute; a small one, where a stale
 * number would show, is always counted.
 */
const COUNT_REUSE_FROM = 1000;
const COUNT_REUSE_MS = 30_000;
const COUNT_CACHE_SIZE = 500;
const counts = new Map<string, { total: number; at: number }>();
onCatalogChange(() => counts.clear());

function reusableCount(key: string): number | undefined {
  const entry = counts.get(key);
  if (!entry || Date.now() - entry.at > COUNT_REUSE_MS) return undefined;
  return entry.total;
}

function rememberCount(key: string, total: number): void {
  if (total < COUNT_REUSE_FROM) return;
  if (counts.size >= COUNT_CACHE_SIZE) counts.delete(counts.keys().next().value!);
  counts.set(key, { total, at: Date.now() });
}

export type ServicePage = { items: ServiceCard[]; page: number; pages: number; total: number };

export function listServices(query: ItemsQuery, now: Date = new Date()): Promise<ServicePage> {
  const instant = query.userDateTime ? new Date(query.userDateTime) : now;
  // The instant counts by its minute only, so questions asked within one minute share an answer.
  const question = JSON.stringify({ ...query, userDateTime: undefined });
  return rememberRead(`list:${question}:${minuteOf(instant)}`, () => queryServices(query, instant));
}

async function queryServices(query: ItemsQuery, instant: Date): Promise<ServicePage> {
  const prisma = await getPrisma();
  const where: Prisma.Sql[] = [PUBLISHED];
  if (query.filter) where.push(Prisma.sql`s.role = ${query.filter}::"ServiceRole"`);
  if (query.onthego) where.push(Prisma.sql`s."isOnTheGo" = true`);
  if (query.keyword) where.push(keywordMatch(query.keyword));
  if (query.prices) where.push(Prisma.sql`s."pricesUpdatedAt" IS NOT NULL`);
  // "Open now" has a shape for the page and one for the count (lib/server/open-now.ts).
  const open = query.open ? await openNowConditions(instant) : null;
  const condition = Prisma.join(open ? [...where, open.probe] : where, " AND ");
  const countCondition = Prisma.join(open ? [...where, open.set] : where, " AND ");

  const order: Prisma.Sql[] = [];
  // A master who comes to the point is as near as can be.
  if (query.near) order.push(Prisma.sql`CASE WHEN "comesToYou" THEN 0 ELSE "distanceKm" END ASC`);
  const [field, direction] = (query.sort ?? "rating.desc").split(".") as [keyof typeof SORT_COLUMNS, "asc" | "desc"];
  if (query.job) {
    // Cheapest first, walking service_prices (job, fromUah, serviceId).
    order.push(Prisma.sql`"jobPriceUah" ASC, s.id ASC`);
  } else {
    // Ascending is the exact reverse of descending, so both directions walk the same index.
    order.push(
      direction === "asc"
        ? Prisma.sql`${SORT_COLUMNS[field]} ASC, s."numReviews" ASC, s.id DESC`
        : Prisma.sql`${SORT_COLUMNS[field]} DESC, s."numReviews" DESC, s.id ASC`,
    );
  }
  const orderBy = Prisma.join(order, ", ");

  const offset = (query.page - 1) * PAGE_SIZE;
  // A job's price joins its one line per service (lib/validation/prices.ts keeps jobs unique).
  const source = query.job ? Prisma.sql`services s JOIN service_prices p ON p."serviceId" = s.id AND p.job = ${query.job}` : Prisma.sql`services s`;
  const columns = query.job ? Prisma.sql`${CARD_COLUMNS}, p."fromUah" AS "jobPriceUah"` : CARD_COLUMNS;
  const page = query.near
    ? Prisma.sql`SELECT * FROM (
        (SELECT ${columns}, ${distanceKm(query.near)} AS "distanceKm", ${comesTo(query.near)} AS "comesToYou" FROM ${source} WHERE ${condition}
          ORDER BY ${nearestFirst(query.near)} LIMIT ${offset + PAGE_SIZE + NEAR_TIE_MARGIN})
        UNION
        (SELECT ${columns}, ${distanceKm(query.near)} AS "distanceKm", true AS "comesToYou" FROM ${source} WHERE ${condition} AND ${withinReach(query.near)})) s
      ORDER BY ${orderBy} LIMIT ${PAGE_SIZE} OFFSET ${offset}`
    : Prisma.sql`SELECT ${columns} FROM ${source} WHERE ${condition} ORDER BY ${orderBy} LIMIT ${PAGE_SIZE} OFFSET ${offset}`;
  const countKey = `${query.job ?? ""}|${countCondition.sql}|${JSON.stringify(countCondition.values)}`;
  const known = reusableCount(countKey);
  // The keyword's word-similarity threshold is a session default (lib/db/connection.ts), so the
  // page and the count need no transaction and run side by side.
  const [rows, total] = await Promise.all([
    // The page is chosen first and the hours read for its twelve rows only.
    prisma.$queryRaw<CardRow[]>`SELECT page.*, ${hoursColumns(instant)} FROM (${page}) page
      JOIN services s ON s.id = page.id ORDER BY ${orderBy}`,
    known ?? prisma.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM ${source} WHERE ${countCondition}`.then((counted) => Number(counted[0]?.total ?? 0)),
  ]);
  if (known === undefined) rememberCount(countKey, total);
  return { items: rows.map((row) => toCard(row, instant)), page: query.page, pages: Math.ceil(total / PAGE_SIZE), total };
}

export type ServiceLocation = {
  _id: string;
  name: string;
  role: "sto" | "mechanic";
  coordinates: { lat: number; lng: number };
  rating: { avg: number };
  address: string;
};

export type ServiceLocations = { services: ServiceLocation[]; clusters: MapCluster[]; total: number };

/** A view's answer costs a scan of everything in it, and most map openings ask for the same view. */
const LOCATIONS_KEEP_MS = 30_000;

/**
 * GET /api/items/locations: every service in view when there are at most MAP_SERVICES_MAX of them
 * (the spec's "the map call returns services"; the home map centres on their average). More are
 * grouped by a grid of about a marker's size at this zoom (in SQL, so the answer stays small at any
 * scale): a cell with one service is that service's pin, a fuller cell a counted cluster.
 */
export function listServiceLocations(viewport: Viewport = WHOLE_WORLD): Promise<ServiceLocations> {
  const key = `locations:${viewport.west},${viewport.south},${viewport.east},${viewport.north},${viewport.zoom}`;
  return rememberRead(key, () => queryServiceLocations(viewport), LOCATIONS_KEEP_MS);
}

type LocationRow = { id: string; name: string; role: "sto" | "mechanic"; latitude: number; longitude: number; ratingAvg: number; address: string };

const toLocation = (row: LocationRow): ServiceLocation => ({
  _id: row.id,
  name: row.name,
  role: row.role,
  coordinates: { lat: row.latitude, lng: row.longitude },
  rating: { avg: row.ratingAvg },
  address: row.address,
});

const LOCATION_COLUMNS = Prisma.sql`s.id, s.name, s.role::text AS role, s.latitude, s.longitude, s."ratingAvg", s.address`;

async function queryServiceLocations(viewport: Viewport): Promise<ServiceLocations> {
  const prisma = await getPrisma();
  const inView = Prisma.sql`${PUBLISHED} AND s.latitude BETWEEN ${viewport.south} AND ${viewport.north} AND s.longitude BETWEEN ${viewport.west} AND ${viewport.east}`;
  // No ORDER BY, so a crowded view stops the scan at the first MAP_SERVICES_MAX + 1 rows.
  const few = await prisma.$queryRaw<LocationRow[]>`SELECT ${LOCATION_COLUMNS} FROM services s WHERE ${inView} LIMIT ${MAP_SERVICES_MAX + 1}`;
  if (few.length <= MAP_SERVICES_MAX) {
    return { services: few.sort((a, b) => (a.id < b.id ? -1 : 1)).map(toLocation), clusters: [], total: few.length };
  }
  const cell = clusterCellDegrees(viewport.zoom);
  const grid = await prisma.$queryRaw<CellGroup[]>`
    SELECT avg(s.latitude)::float8 AS lat, avg(s.longitude)::float8 AS lng, count(*)::int AS count, min(s.id::text) AS id
    FROM services s WHERE ${inView}
    GROUP BY floor(s.latitude / ${cell}), floor(s.longitude / ${cell})`;
  const cells = mergeNearby(grid, cell);
  const pinIds = cells.filter((group) => group.count === 1).slice(0, MAX_MAP_POINTS).map((group) => group.id);
  const rows = pinIds.length
    ? await prisma.$queryRaw<LocationRow[]>`SELECT ${LOCATION_COLUMNS} FROM services s WHERE s.id = ANY(${pinIds}::uuid[]) ORDER BY s.id`
    : [];
  const pinned = new Set(pinIds);
  return {
    services: rows.map(toLocation),
    clusters: cells.filter((group) => !pinned.has(group.id)).map(({ lat, lng, count }) => ({ lat, lng, count })),
    total: cells.reduce((sum, group) => sum + group.count, 0),
  };
}

/** Best rated services with enough reviews for the rating to mean something. */
export const MIN_REVIEWS_FOR_TOP = 3;

export const listTopServices = cache((limit = 8, now: Date = new Date()): Promise<ServiceCard[]> =>
  rememberRead(`top:${limit}:${minuteOf(now)}`, async () => {
    const prisma = await getPrisma();
    const rows = await prisma.$queryRaw<CardRow[]>`SELECT ${CARD_COLUMNS}, ${hoursColumns(now)}
      FROM services s WHERE ${PUBLISHED} AND s."numReviews" >= ${MIN_REVIEWS_FOR_TOP}
      ORDER BY s."ratingScore" DESC, s."numReviews" DESC, s.id ASC LIMIT ${limit}`;
    return rows.map((row) => toCard(row, now));
  }),
);

export const getPublicService = cache((id: string, now: Date = new Date()): Promise<ServiceDetail> => {
  if (!isUuid(id)) return Promise.reject(new NotFoundError());
  return rememberRead(`service:${id}:${minuteOf(now)}`, () => queryPublicService(id, now));
});

async function queryPublicService(id: string, now: Date): Promise<ServiceDetail> {
  const prisma = await getPrisma();
  const service = await prisma.service.findFirst({
    where: { id, ...PUBLISHED_WHERE },
    include: {
      openingHours: true,
      specialHours: currentSpecialHours(now),
      prices: priceLines,
      images: orderedImages,
      reviews: { orderBy: { createdAt: "desc" }, include: { user: { select: { name: true } } } },
    },
  });
  if (!service) throw new NotFoundError();
  return {
    ...toCard({ ...service, role: service.role, hours: service.openingHours, special: service.specialHours.map(toSpecialHours) }, now),
    image: imageUrl(service.imageId),
    images: service.images.map((photo) => imageUrl(photo.imageId)),
    description: service.description,
    experience: service.experience,
    website: service.website,
    facebook: service.facebook,
    instagram: service.instagram,
    telegram: service.telegram,
    paymentMethods: service.paymentMethods,
    cashOnlyInOutage: service.cashOnlyInOutage,
    timetable: toTimetable(service.openingHours),
    specialHours: service.specialHours.map(toSpecialHours),
    hoursConfirmedAt: service.hoursConfirmedAt.toISOString(),
    prices: service.prices.length ? { lines: service.prices, updatedAt: service.pricesUpdatedAt?.toISOString() ?? null } : null,
    paidMedians: await paidMedians(service.id),
    user: service.ownerId,
    burstFlagged: service.burstFlaggedAt !== null,
    reviews: service.reviews.map((review) => ({
      _id: review.id,
      name: review.user.name,
      rating: { quality: review.quality, speed: review.speed, price: review.price, avg: review.avg },
      comment: review.hiddenAt ? "" : review.comment,
      createdAt: review.createdAt.toISOString(),
      verified: review.verified,
      reply: review.replyText !== null && review.replyAt ? { text: review.replyText, at: review.replyAt.toISOString() } : null,
      hidden: review.hiddenAt ? (review.hiddenReason ?? "pending") : null,
      held: review.heldAt !== null,
    })),
  };
}

/** Ids and last changes of every published service, for sitemap.xml. */
export async function listPublishedServiceIds(): Promise<{ id: string; updatedAt: Date }[]> {
  const prisma = await getPrisma();
  return prisma.service.findMany({
    where: PUBLISHED_WHERE,
    select: { id: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
}
