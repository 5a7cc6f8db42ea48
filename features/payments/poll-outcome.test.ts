import { describe, expect, it } from "vitest";

import type { MonoOutcome } from "@/features/payments/answers";
import {
  FAILURES_SHOWN,
  POLL_EVERY_MS,
  POLL_FOR_MS,
  pollOutcome,
  type OutcomeCheck,
} from "@/features/payments/poll-outcome";

const outcome = (status: MonoOutcome["status"]): MonoOutcome => ({
  status,
  stoId: "station",
  listed: status === "captured",
  unclaimed: false,
  amount: "125.00",
  currency: "UAH",
});

/** A clock that only moves when the poll waits, and the answers the checks get, in order. */
function harness(answers: (MonoOutcome | "notFound" | Error)[], live = () => true) {
  let time = 0;
  const waits: number[] = [];
  let checks = 0;
  const check: OutcomeCheck = async () => {
    const answer = answers[Math.min(checks++, answers.length - 1)]!;
    time += 100; // each check takes a little time
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const deps = {
    check,
    wait: async (ms: number) => {
      waits.push(ms);
      time += ms;
    },
    now: () => time,
    live,
  };
  return { deps, waits, checks: () => checks };
}

describe("polling a card payment's outcome", () => {
  it("asks every 2 s while it is pending and ends with the first settled outcome", async () => {
    const { deps, waits, checks } = harness([outcome("pending"), outcome("pending"), outcome("captured")]);
    expect(await pollOutcome(deps, POLL_EVERY_MS)).toEqual({ kind: "outcome", outcome: outcome("captured") });
    expect(checks()).toBe(3);
    expect(waits).toEqual([POLL_EVERY_MS, POLL_EVERY_MS, POLL_EVERY_MS]);
  });

  it("gives up after a minute of pending answers: the page then says it may take a while", async () => {
    const { deps, checks } = harness([outcome("pending")]);
    expect(await pollOutcome(deps, POLL_EVERY_MS)).toEqual({ kind: "slow" });
    // About one check per 2.1 s (the wait and the check itself) for 60 s.
    expect(checks()).toBeGreaterThanOrEqual(Math.floor(POLL_FOR_MS / (POLL_EVERY_MS + 100)));
    expect(checks()).toBeLessThanOrEqual(Math.ceil(POLL_FOR_MS / POLL_EVERY_MS));
  });

  it("says it cannot check after failures in a row, but a good answer between them starts the count again", async () => {
    const down = new Error("offline");
    expect(await pollOutcome(harness([down, down, down]).deps, 0)).toEqual({ kind: "checkFailed" });
    expect(FAILURES_SHOWN).toBe(3);
    const flaky = harness([down, down, outcome("pending"), down, down, outcome("failed")]);
    expect(await pollOutcome(flaky.deps, 0)).toEqual({ kind: "outcome", outcome: outcome("failed") });
  });

  it("ends at once on a payment that is not (or no longer) the viewer's; 'Check again' asks without waiting", async () => {
    const { deps, waits } = harness(["notFound"]);
    expect(await pollOutcome(deps, 0)).toEqual({ kind: "notFound" });
    expect(waits).toEqual([0]);
  });

  it("stops quietly once the page has gone", async () => {
    let live = true;
    const { deps, checks } = harness([outcome("pending")], () => live);
    const polling = pollOutcome(
      {
        ...deps,
        wait: async (ms) => {
          await deps.wait(ms);
          if (checks() === 2) live = false;
        },
      },
      POLL_EVERY_MS,
    );
    expect(await polling).toBeNull();
    expect(checks()).toBe(2);
  });
});
