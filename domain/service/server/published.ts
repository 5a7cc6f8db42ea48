import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The one rule for what visitors see: masters, stations once paid, and places imported from
 * OpenStreetMap nobody has claimed yet (labelled as such), unless blocked or hidden (an imported
 * place OSM stopped listing, or one that duplicates a published listing). Two forms of the same
 * rule, for Prisma queries and for SQL.
 */
export const PUBLISHED_WHERE = {
  isBlocked: false,
  hiddenAt: null,
  OR: [{ role: "mechanic" }, { isPaid: true }, { claimed: false }],
} satisfies Prisma.ServiceWhereInput;

/**
 * The same as SQL over the services table under the given alias. The predicate of
 * services_published_count_idx (migration 20261126052356_osm_places_claims) spells it too: change both together.
 */
export const publishedSql = (alias: string) =>
  `${alias}."isBlocked" = false AND ${alias}."hiddenAt" IS NULL AND (${alias}.role = 'mechanic' OR ${alias}."isPaid" = true OR ${alias}."claimed" = false)`;

/** The rule as a SQL fragment over the services table aliased `s`, the alias the public reads use. */
export const PUBLISHED = Prisma.raw(publishedSql("s"));
