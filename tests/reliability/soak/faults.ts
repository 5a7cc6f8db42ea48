import { setTimeout as sleep } from "node:timers/promises";

import type { FakeResend } from "../../helpers/fake-resend";
import type { LocalPostgres } from "../local-postgres";
import type { Outcome } from "./traffic";

/** After PostgreSQL answers again, the app has this long to serve normally. */
const RECOVERY_GRACE_MS = 10_000;

/** When PostgreSQL was away: from the restart's start to the end of the grace after it answered again. */
export type Outage = { from: number; databaseBack: number; to: number };

/** A run without the restart. */
export const NO_OUTAGE: Outage = { from: Infinity, databaseBack: Infinity, to: Infinity };

/** In flight at any moment of the outage. */
export const inOutage = (outage: Outage, outcome: Outcome) =>
  outcome.at + outcome.ms >= outage.from && outcome.at <= outage.to;

/** PostgreSQL restarted under load (pg_ctl restart -m fast) half-way through a run of `seconds`. */
export function restartHalfway(
  postgres: LocalPostgres,
  seconds: number,
  log: (message: string) => void,
): { outage: Outage; done: Promise<void> } {
  const outage: Outage = { from: Infinity, databaseBack: Infinity, to: Infinity };
  const done = sleep((seconds * 1000) / 2).then(async () => {
    log("restarting PostgreSQL under load (pg_ctl restart -m fast)");
    outage.from = Date.now();
    await postgres.restart();
    outage.databaseBack = Date.now();
    outage.to = outage.databaseBack + RECOVERY_GRACE_MS;
    log(`PostgreSQL answers again after ${outage.databaseBack - outage.from} ms`);
  });
  return { outage, done };
}

/** The mail provider is away from 20 % to 45 % of the run, before the database restart. */
export async function mailOutage(resend: FakeResend, seconds: number, log: (message: string) => void): Promise<void> {
  await sleep(seconds * 200);
  log("the mail provider goes down");
  resend.down = true;
  await sleep(seconds * 250);
  resend.down = false;
  log(`the mail provider is back (${resend.refused} sends refused meanwhile)`);
}
