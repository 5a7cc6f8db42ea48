import "server-only";

import { RESPONSE_WINDOW_DAYS } from "@/features/requests/rules";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";

import { storeResponseFigures } from "./response-figures-store";

/**
 * Keeps services' response figures (features/requests/response-time.ts holds the rule) on their
 * rows, where lists and cards read them without a join: for one service in the transaction of an
 * answer, and for all by the "quote-requests" job, as requests close and old ones leave the window.
 */
const DAY_MS = 86_400_000;
/** Services the job looks at in one transaction. */
const BATCH = 200;

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
  return (await storeResponseFigures(tx, [serviceId], now)).length > 0;
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
    changed += (await prisma.$transaction((tx) => storeResponseFigures(tx, ids, now))).length;
  }
  if (changed) await announceCatalogChange();
  return changed;
}
