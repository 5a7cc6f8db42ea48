import type { MonoOutcome } from "@/features/payments/answers";

/** How often an open card payment is asked about, and for how long before the page says it may take a while. */
export const POLL_EVERY_MS = 2_000;
export const POLL_FOR_MS = 60_000;
/** Failed checks in a row (offline, a server error) before the page says it cannot check. */
export const FAILURES_SHOWN = 3;

/** One look at the payment: its outcome, "notFound" (404), or a throw when it could not be asked. */
export type OutcomeCheck = () => Promise<MonoOutcome | "notFound">;

export type PollEnd =
  { kind: "outcome"; outcome: MonoOutcome } | { kind: "notFound" } | { kind: "slow" } | { kind: "checkFailed" };

/**
 * Asks about a pending card payment until it settles (/placeorder/result): every POLL_EVERY_MS for
 * POLL_FOR_MS, the first time after `firstWait` ms. Ends with the settled outcome, "notFound",
 * "slow" (still pending after the minute) or "checkFailed" (FAILURES_SHOWN failures in a row);
 * null when `live()` turned false (the page went) meanwhile.
 */
export async function pollOutcome(
  deps: { check: OutcomeCheck; wait: (ms: number) => Promise<void>; now: () => number; live: () => boolean },
  firstWait: number,
): Promise<PollEnd | null> {
  const until = deps.now() + POLL_FOR_MS;
  let failures = 0;
  let pause = firstWait;
  for (;;) {
    await deps.wait(pause);
    if (!deps.live()) return null;
    pause = POLL_EVERY_MS;
    try {
      const answer = await deps.check();
      if (!deps.live()) return null;
      failures = 0;
      if (answer === "notFound") return { kind: "notFound" };
      if (answer.status !== "pending") return { kind: "outcome", outcome: answer };
    } catch {
      if (!deps.live()) return null;
      if (++failures >= FAILURES_SHOWN) return { kind: "checkFailed" };
    }
    if (deps.now() >= until) return { kind: "slow" };
  }
}
