import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The one rule for what visitors see: masters, and stations once paid, unless blocked. Two forms
 * of the same rule, for Prisma queries and for SQL.
 */
export const PUBLISHED_WHERE = {
  isBlocked: false,
  OR: [{ role: "mechanic" }, { isPaid: true }],
} satisfies Prisma.ServiceWhereInput;

/**
 * The same as SQL over the services table under the given alias. The predicate of
 * services_published_count_idx (migration 20261123183000) spells it too: change both together.
 */
export const publishedSql = (alias: string) =>
  `${alias}."isBlocked" = false AND (${alias}.role = 'mechanic' OR ${alias}."isPaid" = true)`;
