import { responseFigures, type ResponseFigures, type TargetFacts } from "@/features/requests/response-time";
import { RESPONSE_WINDOW_DAYS } from "@/features/requests/rules";
import { accountFacts, accountFactsColumns, type AccountFactsRow } from "@/features/reviews/server/account-facts-sql";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Writing services' response figures (features/requests/response-time.ts holds the rule) to their
 * rows. No "server-only" marker here, like features/reviews/server/rating-sql.ts: prisma/seed.ts,
 * run by plain tsx, stores the demo services' figures through it. The app goes through
 * ./response-figures.ts, which also tells the read cache.
 */
const DAY_MS = 86_400_000;

type FactsRow = TargetFacts & { serviceId: string };
type TargetRow = Omit<FactsRow, "driver"> & AccountFactsRow;

/**
 * The services' targets sent within the window, with when their request stopped waiting (null:
 * open) and what the weight rule reads about the driver's account as it stood when they asked
 * (the reviews' own SQL of it, as of the target's sending).
 */
async function targetsOf(tx: Prisma.TransactionClient, serviceIds: string[], now: Date): Promise<FactsRow[]> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS);
  const rows = await tx.$queryRaw<TargetRow[]>`
    SELECT t."serviceId", t."createdAt" AS "sentAt", t."answeredAt",
      CASE WHEN r.status = 'open' THEN NULL ELSE coalesce(r."closedAt", r."acceptedAt", r."expiresAt") END AS "closedAt",
      ${accountFactsColumns(Prisma.sql`t."createdAt"`)}
    FROM quote_targets t JOIN quote_requests r ON r.id = t."requestId" JOIN users u ON u.id = r."driverId"
    WHERE t."serviceId" = ANY(${serviceIds}::uuid[]) AND t."createdAt" > ${since}`;
  return rows.map((row) => ({
    serviceId: row.serviceId,
    sentAt: row.sentAt,
    answeredAt: row.answeredAt,
    closedAt: row.closedAt,
    driver: accountFacts(row),
  }));
}

/**
 * Locks the services' rows (in id order, so two writers never wait on each other crosswise) before
 * their targets are read: an answer's transaction and the job then compute one after the other,
 * and the later sees what the earlier committed. NO KEY UPDATE, as recomputeAggregates takes it.
 */
function lockServices(
  tx: Prisma.TransactionClient,
  serviceIds: string[],
): Promise<{ id: string; responseMinutes: number | null; responseRate: number | null }[]> {
  return tx.$queryRaw`
    SELECT id, "responseMinutes", "responseRate" FROM services
    WHERE id = ANY(${serviceIds}::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
}

/**
 * Recomputes the services' figures and writes those that moved (updatedAt stays: the listing's
 * content did not change), inside the caller's transaction. Returns the ids whose figures changed.
 */
export async function storeResponseFigures(
  tx: Prisma.TransactionClient,
  serviceIds: string[],
  now: Date,
): Promise<string[]> {
  const services = await lockServices(tx, serviceIds);
  if (!services.length) return [];
  const facts = await targetsOf(
    tx,
    services.map((service) => service.id),
    now,
  );
  const byService = new Map<string, FactsRow[]>();
  for (const row of facts) {
    const list = byService.get(row.serviceId);
    if (list) list.push(row);
    else byService.set(row.serviceId, [row]);
  }
  const changed: { id: string; figures: ResponseFigures }[] = [];
  for (const service of services) {
    const figures = responseFigures(byService.get(service.id) ?? [], now);
    if (figures.responseTime !== service.responseMinutes || figures.responseRate !== service.responseRate)
      changed.push({ id: service.id, figures });
  }
  for (const { id, figures } of changed)
    await tx.$executeRaw`UPDATE services SET "responseMinutes" = ${figures.responseTime}::int,
      "responseRate" = ${figures.responseRate}::float8 WHERE id = ${id}::uuid`;
  return changed.map((row) => row.id);
}
