/**
 * Books start times at least `intervalMs` apart (Nominatim allows one request per second per
 * application). Booking is synchronous, so concurrent callers never share a slot; a caller whose
 * slot is further away than `maxWaitMs` gets null and should give up rather than queue.
 */
export function createSpacer(intervalMs: () => number, now: () => number = Date.now) {
  let nextSlot = 0;
  return function reserve(maxWaitMs: number): number | null {
    const current = now();
    const start = Math.max(current, nextSlot);
    if (start - current > maxWaitMs) return null;
    nextSlot = start + intervalMs();
    return start - current;
  };
}
