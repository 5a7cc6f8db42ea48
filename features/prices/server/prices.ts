import "server-only";

import { ownService } from "@/domain/service/server/ownership";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { PriceList } from "@/features/prices/answers";
import { priceLines, toPriceLines } from "@/features/prices/price-list";
import { priceListInput } from "@/features/prices/schema";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { parseOrThrow } from "@/lib/http/validate";

/**
 * Owners' "from" prices for standard jobs (domain/service/jobs.ts). Only the owner or an admin changes a
 * list; a change is a catalogue change ("has prices", the cheapest-first order and the page read
 * it). The list's shape is in ../price-list.ts,
 * the medians reviewers paid in ./paid-medians.ts.
 */

/** GET /api/items/users/{id}/prices */
export async function getOwnPrices(viewer: Viewer | null, id: string): Promise<PriceList> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  const service = await prisma.service.findUniqueOrThrow({
    where: { id: row.id },
    select: { pricesUpdatedAt: true, prices: priceLines },
  });
  return { lines: toPriceLines(service.prices), updatedAt: service.pricesUpdatedAt?.toISOString() ?? null };
}

/** PUT /api/items/users/{id}/prices: the whole list in one transaction; an empty list means "no prices". */
export async function replacePrices(
  viewer: Viewer | null,
  id: string,
  body: unknown,
  now = new Date(),
): Promise<PriceList> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const { lines } = parseOrThrow(priceListInput, body);
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction([
      prisma.servicePrice.deleteMany({ where: { serviceId: row.id } }),
      prisma.servicePrice.createMany({
        data: lines.map((line, position) => ({ ...line, serviceId: row.id, position })),
      }),
      prisma.service.update({
        where: { id: row.id },
        data: { pricesUpdatedAt: lines.length ? now : null },
        select: { id: true },
      }),
    ]),
  );
  return getOwnPrices(viewer, id);
}
