import "server-only";

import type { Viewer } from "@/features/accounts/server/session";
import { claimedOrder } from "@/features/claims/server/claim-payment";
import type { EditableService } from "@/features/listings/answers";
import { getStationOrder } from "@/features/listings/server/listings";
import { getPrisma } from "@/lib/db/server";

import type { PreviewRating } from "../components/order-preview";

/**
 * /placeorder's station and the rating it has earned: with `claimedId`, the imported place whose
 * claim the viewer proved (its reviews stay with it), else the viewer's own newest draft (never
 * listed, so never reviewed). Null when there is nothing for them to pay for.
 */
export async function orderPreview(
  viewer: Viewer | null,
  claimedId: string | null,
): Promise<{ station: EditableService; rating: PreviewRating } | null> {
  const station = claimedId ? await claimedOrder(viewer, claimedId) : await getStationOrder(viewer);
  if (!station) return null;
  const prisma = await getPrisma();
  const { ratingAvg, numReviews, fullReviews } = await prisma.service.findUniqueOrThrow({
    where: { id: station._id },
    select: { ratingAvg: true, numReviews: true, fullReviews: true },
  });
  return { station, rating: { avg: ratingAvg, numReviews, fullReviews } };
}
