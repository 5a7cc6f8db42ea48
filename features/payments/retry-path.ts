/**
 * Where "Try again" (and "Back to the order") leads from a card payment's result page. A verified
 * claimant pays for a place nobody holds through /placeorder?sto=<id>; plain /placeorder shows the
 * viewer's own newest unpaid station instead, so it would lose their place (or pick another order).
 */
export function retryPath(outcome: { stoId: string | null; unclaimed: boolean } | null): string {
  return outcome?.unclaimed && outcome.stoId ? `/placeorder?sto=${encodeURIComponent(outcome.stoId)}` : "/placeorder";
}
