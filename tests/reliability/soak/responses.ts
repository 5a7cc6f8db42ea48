import { latencySummary } from "../../../scripts/percentile.mjs";
import type { createVerdict } from "../verdict";
import { inOutage, type Outage } from "./faults";
import { HANG_MS, type Outcome } from "./traffic";

type Verdict = ReturnType<typeof createVerdict>;

/** Requests, latency and statuses per kind of request, as the clients saw them. */
export function printTraffic(outcomes: Outcome[], started: number, seconds: number): void {
  const kinds = [...new Set(outcomes.map((outcome) => outcome.kind))];
  console.table(
    kinds.map((kind) => {
      const mine = outcomes.filter((outcome) => outcome.kind === kind);
      const statuses: Record<string, number> = {};
      for (const outcome of mine) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      if (kind === "HTML page") statuses["error page"] = mine.filter((outcome) => outcome.errorPage).length;
      return {
        kind,
        requests: mine.length,
        ...latencySummary(mine.map((outcome) => outcome.ms)),
        statuses: JSON.stringify(statuses),
      };
    }),
  );
  console.log(
    `${outcomes.length} requests in ${((Date.now() - started) / 1000).toFixed(0)} s (${(outcomes.length / seconds).toFixed(0)} req/s)`,
  );
}

/**
 * No 500, no hang, no 503 outside the PostgreSQL restart, no other refusal. The one exception: a
 * page already rendering when the app first noticed the database was away cannot be turned into a
 * 503 (Next has no hook for it) and may show the error page or a 500; any page that started later
 * must meet the outage window in proxy.ts instead.
 */
export function checkResponses(outcomes: Outcome[], outage: Outage, restarted: boolean, verdict: Verdict): void {
  const during = (outcome: Outcome) => inOutage(outage, outcome);
  const noticed = Math.min(
    ...outcomes
      .filter((outcome) => during(outcome) && (outcome.status >= 500 || outcome.errorPage))
      .map((outcome) => outcome.at + outcome.ms),
  );
  const caughtRendering = (outcome: Outcome) =>
    outcome.kind === "HTML page" &&
    during(outcome) &&
    outcome.at < noticed &&
    (outcome.status === 500 || outcome.errorPage);
  for (const outcome of outcomes) {
    if (caughtRendering(outcome)) continue;
    if (outcome.status === -1) verdict.fail(`${outcome.kind} hung for ${HANG_MS} ms`);
    else if (outcome.status === 0) verdict.fail(`${outcome.kind}: connection to the app failed`);
    else if (outcome.status === 503 && !during(outcome)) verdict.fail(`${outcome.kind}: 503 outside the restart`);
    else if (outcome.status >= 500 && outcome.status !== 503)
      verdict.fail(`${outcome.kind}: ${outcome.status}${during(outcome) ? " during the restart" : ""}`);
    else if (outcome.status >= 400 && outcome.status !== 503)
      verdict.fail(`${outcome.kind}: unexpected ${outcome.status}`);
    else if (outcome.errorPage && !during(outcome)) verdict.fail(`${outcome.kind}: the error page outside the restart`);
  }
  if (!restarted) return;
  const inWindow = outcomes.filter(during);
  const unavailable = inWindow.filter((outcome) => outcome.status === 503);
  const firstGood = outcomes
    .filter((o) => o.at >= outage.databaseBack && o.status < 300)
    .sort((a, b) => a.at - b.at)[0];
  const lastUnavailable = unavailable.map((o) => o.at + o.ms).sort((a, b) => b - a)[0];
  console.log(
    `restart: PostgreSQL away ${outage.databaseBack - outage.from} ms; ${inWindow.length} requests in the window, ${unavailable.length} answered 503 (longest ${Math.max(0, ...unavailable.map((o) => o.ms))} ms), ` +
      `${outcomes.filter(caughtRendering).length} pages caught rendering as it went away; ` +
      `first success ${firstGood ? firstGood.at - outage.databaseBack : "none"} ms after PostgreSQL was back; last 503 ${lastUnavailable ? lastUnavailable - outage.databaseBack : "none"} ms after`,
  );
  if (unavailable.length === 0) verdict.fail("the restart produced no 503: the fault was not exercised");
}
