import "server-only";

import { cache } from "react";

import { COMES_TO_DRIVER_JOBS, type PriceJob } from "@/domain/service/jobs";
import { PUBLISHED } from "@/domain/service/server/published";
import type { ServiceCard } from "@/features/catalog/answers";
import type { ItemsQuery } from "@/features/catalog/items-query";
import { PAGE_SIZE } from "@/features/catalog/list-options";
import { hoursColumns, openNowConditions } from "@/features/hours/server/open-now";
import { minuteOf, rememberPartOfRead, rememberRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

import { toCard, type CardRow } from "./service-dto";
import {
  CARD_COLUMNS,
  comesTo,
  distanceKm,
  JOB_LINES_FEW,
  keywordJobs,
  keywordMatch,
  keywordNamesWork,
  lineWithinReach,
  matchedJobColumn,
  nameMatch,
  nearestFirst,
  SORT_ONLY_COLUMNS,
  sortOrder,
  withinReach,
} from "./sql-fragments";

/** A page of the filtered and sorted list of published services (GET /api/items, /services). */
export type ServicePage = { items: ServiceCard[]; page: number; pages: number; total: number };

/**
 * A GiST scan orders by distance alone, so the page is cut from a few more nearest candidates
 * than it needs and the tie-breakers (sort key, id) are applied to those: services at exactly
 * the same spot beyond this margin are the only case it would not order stably.
 */
const NEAR_TIE_MARGIN = 24;

/**
 * Totals only size the pager, yet counting tens of thousands of matches is the dominant cost of
 * a busy list. A large total is therefore reused for half a minute (by every page and sort of the
 * same filter); a small one, where a stale number would show, is always counted.
 */
const COUNT_REUSE_FROM = 1000;
const COUNT_REUSE_MS = 30_000;

export function listServices(query: ItemsQuery, now: Date = new Date()): Promise<ServicePage> {
  const instant = query.userDateTime ? new Date(query.userDateTime) : now;
  // The instant counts by its minute only, so questions asked within one minute share an answer.
  const question = JSON.stringify({ ...query, userDateTime: undefined });
  return rememberRead(`list:${question}:${minuteOf(instant)}`, () => queryServices(query, instant));
}

/**
 * Which services answer a question, as the list reads them: every other read of "the services of
 * this query" (the map of the results) builds on this, so both show the same services.
 */
export type ListConditions = {
  /** `services s`, joined to the asked job's one price line `p` when a job is asked. */
  source: Prisma.Sql;
  /** What every answering service meets (published, filter, on the go, keyword, prices). */
  where: Prisma.Sql[];
  /**
   * "Open now" when asked (features/hours/server/open-now.ts): `probe` per row for a page of a
   * few rows, `set` (one pass over the open ids) for counting or reading many; null when not asked.
   */
  open: { probe: Prisma.Sql; set: Prisma.Sql } | null;
};

export async function listConditions(query: ItemsQuery, instant: Date): Promise<ListConditions> {
  const where: Prisma.Sql[] = [PUBLISHED];
  if (query.filter) where.push(Prisma.sql`s.role = ${query.filter}::"ServiceRole"`);
  if (query.onthego) where.push(Prisma.sql`s."isOnTheGo" = true`);
  if (query.keyword) where.push(keywordMatch(query.keyword, await jobLinesMany(query.keyword)));
  if (query.prices) where.push(Prisma.sql`s."pricesUpdatedAt" IS NOT NULL`);
  const open = query.open ? await openNowConditions(instant) : null;
  // A job's price joins its one line per service (features/prices/schema.ts keeps jobs unique).
  const source = query.job
    ? Prisma.sql`services s JOIN service_prices p ON p."serviceId" = s.id AND p.job = ${query.job}`
    : Prisma.sql`services s`;
  return { source, where, open };
}

/**
 * Whether the catalogue jobs a keyword names are priced by more than JOB_LINES_FEW lines: counted
 * up to one more than that on the job index, so it costs the same however many there are.
 */
async function jobLinesMany(keyword: string): Promise<boolean> {
  const jobs = keywordJobs(keyword);
  if (!jobs.length) return false;
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<{ lines: bigint }[]>`SELECT count(*) AS lines FROM (SELECT FROM service_prices
    WHERE job IN (${Prisma.join(jobs)}) LIMIT ${JOB_LINES_FEW + 1}) lines`;
  return Number(row?.lines ?? 0) > JOB_LINES_FEW;
}

/**
 * The jobs asked, by `job` or by the keyword's words, that are done where the driver is (the tow
 * truck): near a point, a service whose line of one of them reaches it comes to you (comesTo).
 */
function comingJobs(query: ItemsQuery): PriceJob[] {
  const asked = new Set<PriceJob>(query.keyword ? keywordJobs(query.keyword) : []);
  if (query.job) asked.add(query.job);
  return COMES_TO_DRIVER_JOBS.filter((job) => asked.has(job));
}

async function queryServices(query: ItemsQuery, instant: Date): Promise<ServicePage> {
  const prisma = await getPrisma();
  const { source, where, open } = await listConditions(query, instant);
  const condition = Prisma.join(open ? [...where, open.probe] : where, " AND ");
  const countCondition = Prisma.join(open ? [...where, open.set] : where, " AND ");

  const order: Prisma.Sql[] = [];
  if (query.near) {
    // The masters (and, asked for the tow truck, the tow trucks) who come to the point first, a group
    // the page labels (features/catalog/near-groups.ts), unless nearest first is asked; each part
    // nearest first, by the service's own distance.
    if (query.sort !== "nearest") order.push(Prisma.sql`CASE WHEN "comesToYou" THEN 0 ELSE 1 END ASC`);
    order.push(Prisma.sql`"distanceKm" ASC`);
  }
  // A chosen sort wins (near a point it breaks ties); without one, a job's list is cheapest first
  // (walking service_prices (job, fromUah, serviceId)).
  const rated = query.sort === "nearest" ? undefined : query.sort;
  order.push(rated ? sortOrder(rated) : query.job ? Prisma.sql`"jobPriceUah" ASC, s.id ASC` : sortOrder("rating.desc"));
  const orderBy = Prisma.join(order, ", ");

  const offset = (query.page - 1) * PAGE_SIZE;
  const columns = query.job
    ? Prisma.sql`${CARD_COLUMNS}, p."fromUah" AS "jobPriceUah", p."radiusKm" AS "jobRadiusKm"`
    : CARD_COLUMNS;
  // The near candidates are ordered as a derived table `s`, so they carry every column the sort reads.
  const nearColumns = Prisma.sql`${columns}, ${SORT_ONLY_COLUMNS}`;
  // A keyword naming a kind of work, without a chosen sort (or job, or point): the services whose
  // name has it come first, each part in the sort's order and cut to the page's end, as the near
  // candidates are. Other keywords match mostly by name anyway, and the parts would cost a second walk.
  const named =
    query.keyword && !query.sort && !query.job && !query.near && keywordNamesWork(query.keyword)
      ? nameMatch(query.keyword)
      : null;
  const namedColumns = Prisma.sql`${columns}, ${SORT_ONLY_COLUMNS}`;
  // The nearest candidates, and whoever comes to the point however far: the masters by their radius,
  // and for a tow truck's job the services whose line of it reaches (one more arm, on that job's lines).
  const nearPage = (near: NonNullable<ItemsQuery["near"]>, jobs: PriceJob[]): Prisma.Sql => {
    const at = Prisma.sql`${nearColumns}, ${distanceKm(near)} AS "distanceKm"`;
    const lines = jobs.length
      ? Prisma.sql`UNION
        (SELECT ${at}, true AS "comesToYou" FROM ${source} WHERE ${condition} AND ${lineWithinReach(near, jobs)})`
      : Prisma.empty;
    return Prisma.sql`SELECT * FROM (
        (SELECT ${at}, ${comesTo(near, jobs)} AS "comesToYou" FROM ${source} WHERE ${condition}
          ORDER BY ${nearestFirst(near)} LIMIT ${offset + PAGE_SIZE + NEAR_TIE_MARGIN})
        UNION
        (SELECT ${at}, true AS "comesToYou" FROM ${source} WHERE ${condition} AND ${withinReach(near)})
        ${lines}) s
      ORDER BY ${orderBy} LIMIT ${PAGE_SIZE} OFFSET ${offset}`;
  };
  const page = named
    ? Prisma.sql`SELECT * FROM (
        (SELECT ${namedColumns}, true AS "named" FROM ${source} WHERE ${condition} AND ${named}
          ORDER BY ${orderBy} LIMIT ${offset + PAGE_SIZE})
        UNION ALL
        (SELECT ${namedColumns}, false AS "named" FROM ${source} WHERE ${condition} AND NOT ${named}
          ORDER BY ${orderBy} LIMIT ${offset + PAGE_SIZE})) s
      ORDER BY "named" DESC, ${orderBy} LIMIT ${PAGE_SIZE} OFFSET ${offset}`
    : query.near
      ? nearPage(query.near, comingJobs(query))
      : Prisma.sql`SELECT ${columns} FROM ${source} WHERE ${condition} ORDER BY ${orderBy} LIMIT ${PAGE_SIZE} OFFSET ${offset}`;
  // A keyword that names a job says on each card which price line matched, read for the page's rows only.
  const matched = query.keyword ? Prisma.sql`, ${matchedJobColumn(query.keyword)}` : Prisma.empty;
  // The keyword's word-similarity threshold is a session default (lib/db/connection.ts), so the
  // page and the count need no transaction and run side by side.
  const [rows, total] = await Promise.all([
    // The page is chosen first and the hours read for its twelve rows only.
    prisma.$queryRaw<CardRow[]>`SELECT page.*, ${hoursColumns(instant)}${matched} FROM (${page}) page
      JOIN services s ON s.id = page.id ORDER BY ${named ? Prisma.sql`page."named" DESC, ` : Prisma.empty}${orderBy}`,
    rememberPartOfRead(
      `count:${query.job ?? ""}|${countCondition.sql}|${JSON.stringify(countCondition.values)}`,
      async () =>
        Number(
          (
            await prisma.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM ${source} WHERE ${countCondition}`
          )[0]?.total ?? 0,
        ),
      { keepMs: COUNT_REUSE_MS, keepIf: (counted) => counted >= COUNT_REUSE_FROM, evenWhenOff: true },
    ),
  ]);
  return {
    items: rows.map((row) => toCard(row, instant)),
    page: query.page,
    pages: Math.ceil(total / PAGE_SIZE),
    total,
  };
}

/**
 * Best rated services with enough reviews for the rating to mean something: three reviews' worth
 * of weight (features/reviews/weight.ts), so a few fresh accounts cannot put a station up there.
 */
const MIN_REVIEWS_FOR_TOP = 3;

export const listTopServices = cache((limit = 8, now: Date = new Date()): Promise<ServiceCard[]> =>
  rememberRead(`top:${limit}:${minuteOf(now)}`, async () => {
    const prisma = await getPrisma();
    const rows = await prisma.$queryRaw<CardRow[]>`SELECT ${CARD_COLUMNS}, ${hoursColumns(now)}
      FROM services s WHERE ${PUBLISHED} AND s."weightSum" >= ${MIN_REVIEWS_FOR_TOP}
      ORDER BY ${sortOrder("rating.desc")} LIMIT ${limit}`;
    return rows.map((row) => toCard(row, now));
  }),
);
