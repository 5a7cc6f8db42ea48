import { CLEAN_AFTER_DAYS, type AccountFacts } from "@/features/reviews/weight";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What the weight rule (features/reviews/weight.ts) reads about an account, as SQL: the one place
 * that says how its age, e-mail and history are read, for the reviews' weights, reporters' weights
 * and the response figures' drivers (features/requests/server/response-figures-store.ts). No
 * "server-only" marker, like ./rating-sql.ts: prisma/seed.ts, run by plain tsx, stores the demo
 * response figures through it.
 *
 * The columns of the account `u` (a users row in the caller's FROM): "createdAt", confirmed,
 * clean (its other reviews that stood for CLEAN_AFTER_DAYS and are not hidden) and hidden (those a
 * moderator hid: "pending" is the automatic hide on reports, not a verdict). `except` names a
 * review left out of the history, the one being weighed.
 *
 * `asOf` is the moment the account is judged at: now (a Date), or a column of the caller's row
 * (the response figures judge a driver as they stood when they asked, the target's "createdAt"):
 * then only an e-mail confirmed by then and reviews that had stood CLEAN_AFTER_DAYS by then count,
 * so an account that earns a history later does not make its earlier requests count backdated. A
 * moderator's hide counts whenever it came: the verdict says what the account was.
 */
export function accountFactsColumns(asOf: Date | Prisma.Sql, except: Prisma.Sql = Prisma.sql`NULL::uuid`): Prisma.Sql {
  const confirmed =
    asOf instanceof Date
      ? Prisma.sql`u."emailVerifiedAt" IS NOT NULL`
      : Prisma.sql`coalesce(u."emailVerifiedAt" <= ${asOf}, false)`;
  const cleanBefore =
    asOf instanceof Date
      ? Prisma.sql`${new Date(asOf.getTime() - CLEAN_AFTER_DAYS * 86_400_000)}`
      : Prisma.sql`(${asOf}) - make_interval(days => ${CLEAN_AFTER_DAYS}::int)`;
  return Prisma.sql`u."createdAt", ${confirmed} AS confirmed,
    (SELECT count(*) FROM reviews o WHERE o."userId" = u.id AND o.id IS DISTINCT FROM ${except} AND o."hiddenAt" IS NULL
       AND o."createdAt" <= ${cleanBefore})::int AS clean,
    (SELECT count(*) FROM reviews o WHERE o."userId" = u.id AND o."hiddenReason" IS NOT NULL
       AND o."hiddenReason" <> 'pending')::int AS hidden`;
}

/** A row read with accountFactsColumns. */
export type AccountFactsRow = { createdAt: Date; confirmed: boolean; clean: number; hidden: number };

export function accountFacts(row: AccountFactsRow): AccountFacts {
  return {
    createdAt: row.createdAt,
    emailConfirmed: row.confirmed,
    cleanReviews: Number(row.clean),
    hiddenReviews: Number(row.hidden),
  };
}
