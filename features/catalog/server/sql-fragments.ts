import "server-only";

import { CUSTOM_JOB, type PriceJob } from "@/domain/service/jobs";
import { categoriesMatching } from "@/features/catalog/category-search";
import type { RatingSort } from "@/features/catalog/list-options";
import { workKindsMatching } from "@/features/catalog/work-kinds";
import { jobWordsMatching, labelPattern } from "@/features/prices/job-words";
import { Prisma } from "@/lib/generated/prisma/client";
import { keywordVariants } from "@/lib/translit";

/**
 * The pieces the public reads of services are written from, over the services table aliased `s`
 * (the published rule, PUBLISHED, is the kernel's). Filtering, "open now", keyword and distance are
 * SQL, so the work stays in the database.
 */
export const CARD_COLUMNS = Prisma.sql`s.id, s.name, s.role::text AS role, s."imageId", s.address, s.latitude, s.longitude, s."isOnTheGo",
  s.category::text AS category, s.brand, s."ratingAvg", s."qualityAvg", s."speedAvg", s."priceAvg", s."ratingScore", s."numReviews", s."fullReviews", s."timeZone", s."contactPhone1",
  s."contactPhone2", s."contactMail", s.viber, s."liveState"::text AS "liveState", s."liveNote", s."liveUntil", s."liveUpdatedAt",
  s.source::text AS source, s.claimed, s."hoursKnown", s."hoursText", s."workKinds", s."responseMinutes", s."responseRate"`;

/** The rating sorts order by the smoothed scores (features/reviews/server/rating-sql.ts), not the raw averages. */
const SORT_COLUMNS = {
  rating: Prisma.sql`s."ratingScore"`,
  quality: Prisma.sql`s."qualityScore"`,
  speed: Prisma.sql`s."speedScore"`,
  price: Prisma.sql`s."priceScore"`,
} as const;

/**
 * The columns sortOrder() reads that CARD_COLUMNS lacks (it has ratingScore, claimed, numReviews and
 * id): a derived table aliased `s` that is ordered by sortOrder() (the "near" candidates) selects these too.
 */
export const SORT_ONLY_COLUMNS = Prisma.sql`s."qualityScore", s."speedScore", s."priceScore"`;

/**
 * A sort with its tie-breakers; ascending is the exact reverse of descending, so both walk the same
 * index. Among equal scores a claimed listing comes before an unclaimed imported place.
 */
export function sortOrder(sort: RatingSort): Prisma.Sql {
  const [field, direction] = sort.split(".") as [keyof typeof SORT_COLUMNS, "asc" | "desc"];
  return direction === "asc"
    ? Prisma.sql`${SORT_COLUMNS[field]} ASC, s.claimed ASC, s."numReviews" ASC, s.id DESC`
    : Prisma.sql`${SORT_COLUMNS[field]} DESC, s.claimed DESC, s."numReviews" DESC, s.id ASC`;
}

/** A spelling of the keyword as a LIKE pattern for "holds it anywhere", its wildcards escaped. */
const containing = (variant: string) => `%${variant.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The keyword in either script, by part of a word, with a typo (trigram word similarity), a
 * category's label, a kind of work ("шиномонтаж" finds the places known for tyres), or a price
 * line it names (priceLinesMatching). `jobLinesMany`: the catalogue jobs it names are priced by
 * more than JOB_LINES_FEW lines (countJobLines), which chooses how they are matched.
 */
export function keywordMatch(keyword: string, jobLinesMany = false): Prisma.Sql {
  const variants = keywordVariants(keyword);
  const clauses = variants.map((variant) => {
    const like = containing(variant);
    return Prisma.sql`(s.name ILIKE ${like} OR s.address ILIKE ${like} OR s.description ILIKE ${like} OR s.brand ILIKE ${like}
      OR ${variant} <% s.name OR ${variant} <% s.address)`;
  });
  const categories = categoriesMatching(variants);
  if (categories.length)
    clauses.push(
      Prisma.sql`s.category IN (${Prisma.join(categories.map((category) => Prisma.sql`${category}::"Category"`))})`,
    );
  const kinds = workKindsMatching(variants);
  if (kinds.length) clauses.push(Prisma.sql`s."workKinds" && ${kinds}::varchar[]`);
  // Price lines are matched once for the whole question, not per service. Lines that match few
  // services, as an array of ids, are a primary-key lookup inside the other arms' index scans
  // (BitmapOr), where a subquery would turn the whole OR into a filter run on every service. A
  // catalogue job priced by many services is a hashed set instead, checked first, by the walk in
  // sort order that the many matches make short (a long array would be searched row by row).
  const { jobs } = jobWordsMatching(variants);
  if (jobs.length) {
    const jobLines = Prisma.sql`SELECT m."serviceId" FROM service_prices m WHERE m.job IN (${Prisma.join(jobs)})`;
    if (jobLinesMany) clauses.unshift(Prisma.sql`s.id IN (${jobLines})`);
    else clauses.push(Prisma.sql`s.id = ANY (ARRAY(${jobLines}))`);
  }
  clauses.push(
    Prisma.sql`s.id = ANY (ARRAY(SELECT m."serviceId" FROM service_prices m WHERE ${ownLinesMatching(variants)}))`,
  );
  return Prisma.sql`(${Prisma.join(clauses, " OR ")})`;
}

/** Up to this many price lines of the keyword's jobs are matched as an array of their services' ids. */
export const JOB_LINES_FEW = 2000;

/** The catalogue jobs a keyword names (features/prices/job-words.ts); none for most keywords. */
export function keywordJobs(keyword: string): PriceJob[] {
  return jobWordsMatching(keywordVariants(keyword)).jobs;
}

/** Whether a keyword names a kind of work (a price topic or a work kind), so matches by work can outnumber those by name. */
export function keywordNamesWork(keyword: string): boolean {
  const variants = keywordVariants(keyword);
  return jobWordsMatching(variants).topics.length > 0 || workKindsMatching(variants).length > 0;
}

/**
 * The keyword in a service's name, by part of a word or with a typo: without a chosen sort these
 * come first, so a driver typing a place's name finds it above the places that merely price the job
 * its name holds ("Шиномонтаж На Подолі" among forty tyre prices).
 */
export function nameMatch(keyword: string): Prisma.Sql {
  const arms = keywordVariants(keyword).map(
    (variant) => Prisma.sql`s.name ILIKE ${containing(variant)} OR ${variant} <% s.name`,
  );
  return Prisma.sql`(${Prisma.join(arms, " OR ")})`;
}

/**
 * An owner's own price lines (aliased `m`) a keyword names: its label has the keyword or a word
 * of its topic at a word's start ("tow" finds "Евакуатор", features/prices/job-words.ts), or a
 * whole word like it (a typo: strict trigram word similarity, which unlike `<%` does not count
 * "шини" inside "машини"). The labels' trigram index answers it.
 */
function ownLinesMatching(variants: readonly string[]): Prisma.Sql {
  const typos = variants.map((variant) => Prisma.sql`${variant} <<% m.label`);
  return Prisma.sql`m.job = ${CUSTOM_JOB} AND (m.label ~* ${labelPattern(variants)} OR ${Prisma.join(typos, " OR ")})`;
}

/** The price lines a keyword names: a catalogue job its words name (a typo forgiven there), or an owner's own line. */
function priceLinesMatching(variants: readonly string[]): Prisma.Sql {
  const { jobs } = jobWordsMatching(variants);
  const own = Prisma.sql`(${ownLinesMatching(variants)})`;
  return jobs.length ? Prisma.sql`m.job IN (${Prisma.join(jobs)}) OR ${own}` : own;
}

/**
 * A keyword's cheapest matching price line of the service `s`, for its card ("Tyre change R15
 * from 400 ₴"): json { job, label, fromUah, radiusKm } (radiusKm null but on a tow truck), or null
 * when it matched by something else.
 */
export function matchedJobColumn(keyword: string): Prisma.Sql {
  return Prisma.sql`(SELECT json_build_object('job', m.job, 'label', m.label, 'fromUah', m."fromUah", 'radiusKm', m."radiusKm") FROM service_prices m
    WHERE m."serviceId" = s.id AND (${priceLinesMatching(keywordVariants(keyword))})
    ORDER BY m."fromUah", m.position LIMIT 1) AS "matchedJob"`;
}

type Point = { lat: number; lng: number };

export function distanceKm(near: Point): Prisma.Sql {
  return Prisma.sql`(earth_distance(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ll_to_earth(s.latitude, s.longitude)) / 1000.0)`;
}

/** Nearest first, answered by services_location_knn_idx (chord distance orders like km do). */
export function nearestFirst(near: Point): Prisma.Sql {
  return Prisma.sql`ll_to_earth(s.latitude, s.longitude) <-> ll_to_earth(${near.lat}::float8, ${near.lng}::float8)`;
}

/**
 * An on-the-go master whose service radius covers the point comes to it. So does a service whose line
 * of one of `jobs` (the asked jobs done where the driver is, COMES_TO_DRIVER_JOBS: the tow truck)
 * has a radius that covers it, however far its base, exactly as a master's radius does.
 */
export function comesTo(near: Point, jobs: readonly PriceJob[] = []): Prisma.Sql {
  const master = Prisma.sql`(s."isOnTheGo" AND s."serviceRadiusKm" IS NOT NULL AND ${distanceKm(near)} <= s."serviceRadiusKm")`;
  if (!jobs.length) return master;
  return Prisma.sql`(${master} OR EXISTS (SELECT FROM service_prices r WHERE r."serviceId" = s.id
    AND r.job IN (${Prisma.join(jobs)}) AND r."radiusKm" IS NOT NULL AND ${distanceKm(near)} <= r."radiusKm"))`;
}

/**
 * The masters who come to the point, however far their base: the point lies in the box around a
 * master's base as big as their radius, which services_reach_idx holds for every master on the go
 * with a radius (a probe finds the few whose box covers the point); the exact radius checked per row.
 */
export function withinReach(near: Point): Prisma.Sql {
  return Prisma.sql`s."isOnTheGo" AND s."serviceRadiusKm" IS NOT NULL
    AND earth_box(ll_to_earth(s.latitude, s.longitude), (s."serviceRadiusKm" * 1000)::float8) @> ll_to_earth(${near.lat}::float8, ${near.lng}::float8)
    AND ${distanceKm(near)} <= s."serviceRadiusKm"`;
}

/**
 * The services whose line of one of `jobs` (see comesTo) reaches the point, however far their base:
 * those jobs' lines are few (walked on the job index), each checked against its base's distance as
 * comesTo checks it, so both arms of the near page agree on every row.
 */
export function lineWithinReach(near: Point, jobs: readonly PriceJob[]): Prisma.Sql {
  return Prisma.sql`s.id = ANY (ARRAY(SELECT r."serviceId" FROM service_prices r JOIN services b ON b.id = r."serviceId"
    WHERE r.job IN (${Prisma.join(jobs)}) AND r."radiusKm" IS NOT NULL
      AND (earth_distance(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ll_to_earth(b.latitude, b.longitude)) / 1000.0) <= r."radiusKm"))`;
}
