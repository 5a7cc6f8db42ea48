import "server-only";
import { cache } from "react";
import { PAGE_SIZE } from "@/lib/constants";
import { Prisma } from "@/lib/generated/prisma/client";
import { keywordVariants } from "@/lib/translit";
import type { ItemsQuery } from "@/lib/validation/items-query";
import { getPrisma } from "./db";
import { isUuid, NotFoundError } from "./errors";
import { imageUrl, toCard, toTimetable, type CardRow, type ServiceCard, type ServiceDetail } from "./service-dto";

/**
 * Public reads of services: only published ones (paid stations and masters, not blocked).
 * Filtering, "open now", keyword and distance are SQL, so the work stays in the database.
 */
const PUBLISHED = Prisma.sql`s."isBlocked" = false AND (s.role = 'mechanic' OR s."isPaid" = true)`;

const SORT_COLUMNS = {
  rating: Prisma.sql`s."ratingAvg"`,
  quality: Prisma.sql`s."qualityAvg"`,
  speed: Prisma.sql`s."speedAvg"`,
  price: Prisma.sql`s."priceAvg"`,
} as const;

/**
 * True when the service is open at the instant, in its own time zone. Same semantics as
 * lib/timetable.ts: [opensAt, closesAt) on the local weekday; closesAt <= opensAt runs past
 * midnight into the next day.
 */
function openAt(instant: Date): Prisma.Sql {
  const local = Prisma.sql`timezone(s."timeZone", ${instant}::timestamptz)`;
  const minute = Prisma.sql`(extract(hour from ${local}) * 60 + extract(minute from ${local}))::int`;
  const weekday = Prisma.sql`extract(isodow from ${local})::int`;
  return Prisma.sql`EXISTS (
    SELECT 1 FROM opening_hours h
    WHERE h."serviceId" = s.id AND h.closed = false AND (
      (h.weekday = ${weekday} AND ${minute} >= h."opensAt" AND (h."closesAt" <= h."opensAt" OR ${minute} < h."closesAt"))
      OR (h.weekday = (${weekday} + 5) % 7 + 1 AND h."closesAt" <= h."opensAt" AND ${minute} < h."closesAt")
    )
  )`;
}

function keywordMatch(keyword: string): Prisma.Sql {
  const clauses = keywordVariants(keyword).map((variant) => {
    const like = `%${variant.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return Prisma.sql`(s.name ILIKE ${like} OR s.address ILIKE ${like} OR s.description ILIKE ${like} OR s.brand ILIKE ${like} OR s.category::text ILIKE ${like}
      OR word_similarity(${variant}, lower(s.name)) >= 0.5 OR word_similarity(${variant}, lower(s.address)) >= 0.6)`;
  });
  return Prisma.sql`(${Prisma.join(clauses, " OR ")})`;
}

function distanceKm(near: { lat: number; lng: number }): Prisma.Sql {
  return Prisma.sql`(earth_distance(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ll_to_earth(s.latitude, s.longitude)) / 1000.0)`;
}

const CARD_COLUMNS = Prisma.sql`s.id, s.name, s.role::text AS role, s."imageId", s.address, s.latitude, s.longitude, s."isOnTheGo",
  s.category::text AS category, s.brand, s."ratingAvg", s."qualityAvg", s."speedAvg", s."priceAvg", s."numReviews"`;

export type ServicePage = { items: ServiceCard[]; page: number; pages: number; total: number };

export async function listServices(query: ItemsQuery, now: Date = new Date()): Promise<ServicePage> {
  const prisma = await getPrisma();
  const instant = query.userDateTime ? new Date(query.userDateTime) : now;
  const where: Prisma.Sql[] = [PUBLISHED];
  if (query.filter) where.push(Prisma.sql`s.role = ${query.filter}::"ServiceRole"`);
  if (query.onthego) where.push(Prisma.sql`s."isOnTheGo" = true`);
  if (query.open) where.push(openAt(instant));
  if (query.keyword) where.push(keywordMatch(query.keyword));
  const condition = Prisma.join(where, " AND ");

  const order: Prisma.Sql[] = [];
  if (query.near) order.push(Prisma.sql`"distanceKm" ASC`);
  if (query.sort) {
    const [field, direction] = query.sort.split(".") as [keyof typeof SORT_COLUMNS, "asc" | "desc"];
    order.push(direction === "asc" ? Prisma.sql`${SORT_COLUMNS[field]} ASC` : Prisma.sql`${SORT_COLUMNS[field]} DESC`);
    order.push(Prisma.sql`s."numReviews" DESC`);
  }
  if (!query.near && !query.sort) order.push(Prisma.sql`s."ratingAvg" DESC`, Prisma.sql`s."numReviews" DESC`);
  order.push(Prisma.sql`s.id ASC`);

  const distance = query.near ? Prisma.sql`, ${distanceKm(query.near)} AS "distanceKm"` : Prisma.empty;
  const offset = (query.page - 1) * PAGE_SIZE;
  const [rows, counted] = await Promise.all([
    prisma.$queryRaw<CardRow[]>`SELECT ${CARD_COLUMNS}, ${openAt(instant)} AS "openNow" ${distance}
      FROM services s WHERE ${condition} ORDER BY ${Prisma.join(order, ", ")} LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
    prisma.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM services s WHERE ${condition}`,
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { items: rows.map(toCard), page: query.page, pages: Math.ceil(total / PAGE_SIZE), total };
}

export type ServiceLocation = {
  _id: string;
  name: string;
  role: "sto" | "mechanic";
  coordinates: { lat: number; lng: number };
  rating: { avg: number };
  address: string;
};

export const listServiceLocations = cache(async (): Promise<ServiceLocation[]> => {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ id: string; name: string; role: "sto" | "mechanic"; latitude: number; longitude: number; ratingAvg: number; address: string }[]>`
    SELECT s.id, s.name, s.role::text AS role, s.latitude, s.longitude, s."ratingAvg", s.address FROM services s WHERE ${PUBLISHED} ORDER BY s.id`;
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    role: row.role,
    coordinates: { lat: row.latitude, lng: row.longitude },
    rating: { avg: row.ratingAvg },
    address: row.address,
  }));
});

/** Best rated services with enough reviews for the rating to mean something. */
export const MIN_REVIEWS_FOR_TOP = 3;

export const listTopServices = cache(async (limit = 8, now: Date = new Date()): Promise<ServiceCard[]> => {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<CardRow[]>`SELECT ${CARD_COLUMNS}, ${openAt(now)} AS "openNow"
    FROM services s WHERE ${PUBLISHED} AND s."numReviews" >= ${MIN_REVIEWS_FOR_TOP}
    ORDER BY s."ratingAvg" DESC, s."numReviews" DESC, s.id ASC LIMIT ${limit}`;
  return rows.map(toCard);
});

export const getPublicService = cache(async (id: string, now: Date = new Date()): Promise<ServiceDetail> => {
  if (!isUuid(id)) throw new NotFoundError();
  const prisma = await getPrisma();
  const service = await prisma.service.findFirst({
    where: { id, isBlocked: false, OR: [{ role: "mechanic" }, { isPaid: true }] },
    include: {
      openingHours: true,
      reviews: { orderBy: { createdAt: "desc" }, include: { user: { select: { name: true } } } },
    },
  });
  if (!service) throw new NotFoundError();
  const [open] = await prisma.$queryRaw<{ openNow: boolean }[]>`SELECT ${openAt(now)} AS "openNow" FROM services s WHERE s.id = ${id}::uuid`;
  return {
    ...toCard({ ...service, role: service.role, openNow: open?.openNow ?? false }),
    image: imageUrl(service.imageId),
    description: service.description,
    experience: service.experience,
    contactPhone1: service.contactPhone1,
    contactPhone2: service.contactPhone2,
    contactMail: service.contactMail,
    website: service.website,
    facebook: service.facebook,
    instagram: service.instagram,
    timeZone: service.timeZone,
    timetable: toTimetable(service.openingHours),
    user: service.ownerId,
    reviews: service.reviews.map((review) => ({
      _id: review.id,
      name: review.user.name,
      rating: { quality: review.quality, speed: review.speed, price: review.price, avg: review.avg },
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
    })),
  };
});

/** Ids and last changes of every published service, for sitemap.xml. */
export async function listPublishedServiceIds(): Promise<{ id: string; updatedAt: Date }[]> {
  const prisma = await getPrisma();
  return prisma.service.findMany({
    where: { isBlocked: false, OR: [{ role: "mechanic" }, { isPaid: true }] },
    select: { id: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
}
