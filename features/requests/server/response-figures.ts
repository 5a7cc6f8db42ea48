import "server-only";

import { responseFigures, type ResponseFigures, type TargetFacts } from "@/features/requests/response-time";
import { RESPONSE_WINDOW_DAYS } from "@/features/requests/rules";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Stores services' response figures (features/requests/response-time.ts holds the rule) on their
 * rows, where lists and cards read them without a join: for one service in the transaction of an
 * answer, and for all by the "quote-requests" job, as requests close and old ones leave the window.
 */
const DAY_MS = 86_400_000;
/** Services the job looks at in one transaction. */
const BATCH = 200;

type FactsRow = TargetFacts & { serviceId: string };

/** The services' targets sent within the window, with whether their request is still open. */
function targetsOf(tx: Prisma.TransactionClient, serviceIds: string[], now: Date): Promise<FactsRow[]> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * DAY_MS);
  return tx.$queryRaw<FactsRow[]>`
    SELECT t."serviceId", t."createdAt" AS "sentAt", t."answeredAt", r.status = 'open' AS "requestOpen"
    FROM quote_targets t JOIN quote_requests r ON r.id = t."requestId"
    WHERE t."serviceId" = ANY(${serviceIds}::uuid[]) AND t."createdAt" > ${since}`;
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
 * content did not change). Returns the ids whose figures changed.
 */
async function refreshIn(tx: Prisma.TransactionClient, serviceIds: string[], now: Date): Promise<string[]> {
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

/**
 * One service's figures, inside the transaction that answered (or closed) one of its requests.
 * Returns whether they changed: the caller then tells the read cache after its commit
 * (announceCatalogChange, or the write wrapped in changingCatalog), as lists show the figures.
 */
export async function refreshResponseFigures(
  tx: Prisma.TransactionClient,
  serviceId: string,
  now: Date = new Date(),
): Promise<boolean> {
  return (await refreshIn(tx, [serviceId], now)).length > 0;
}

/**
 * The job's pass: every service with a target sent in the window and a day more (the day lets one
 * whose last targets just left the window fall back to nothing), and every service whose figures
 * are set (one with no target left in the window goes back to null). Batches of BATCH services,
 * a transaction each; the read cache is told once when anything moved. Returns how many changed.
 */
export async function refreshAllResponseFigures(now: Date = new Date()): Promise<number> {
  const prisma = await getPrisma();
  const since = new Date(now.getTime() - (RESPONSE_WINDOW_DAYS + 1) * DAY_MS);
  const candidates = await prisma.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT "serviceId" AS id FROM quote_targets WHERE "createdAt" > ${since}
    UNION
    SELECT id FROM services WHERE "responseMinutes" IS NOT NULL OR "responseRate" IS NOT NULL
    ORDER BY id`;
  let changed = 0;
  for (let start = 0; start < candidates.length; start += BATCH) {
    const ids = candidates.slice(start, start + BATCH).map((row) => row.id);
    changed += (await prisma.$transaction((tx) => refreshIn(tx, ids, now))).length;
  }
  if (changed) await announceCatalogChange();
  return changed;
}
