import "server-only";

/**
 * Answers no sooner than `floorMs` after the start, so whether an address is known (a token and
 * a mail written, or nothing) does not show in the time the answer takes. The floor is set well
 * above the slower path's usual time; mail delivery itself happens after the answer (queueMail).
 */
export async function steadyTiming<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
