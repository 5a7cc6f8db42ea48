// Turns the log that .ci/run keeps into the one line the CI harness reads as the test count,
// "N passed, M failed" (", K skipped" when any), because it does not read Vitest's or Playwright's
// own summaries.
//
// .ci/run closes each of its steps with a line of its own in the log (never on screen):
//   [ci-step] <kind> exit <status>: <name>
// and the output before that line, back to the previous one, belongs to that step. Kinds:
//   tests  the runner summaries in its output (every Vitest and Playwright run); one failed more
//          when the step exits non-zero without a failed test, as an import error, a crashed web
//          server or a timeout do
//   soak   one test, passed when it exited 0 and printed "✔ soak passed"
//   cluster one test, passed when it exited 0 and printed "✔ cluster passed"
//   drill  one test (the restore drill), passed when it exited 0 and printed "✔ restore drill passed"
//   drain, telemetry  one test each, passed when it exited 0 and printed "✔ drain passed" or
//          "✔ telemetry passed"
//   check  one test (lint, typecheck, db:check), passed when it exited 0
//   setup  counts only when it fails, as one failed test, so a run that broke before any test
//          never reads as clean
// Output after the last marker (or a log without markers) counts its runner summaries only.
//
// Vitest counts "expected fail" (test.fails) as passed and todo as skipped. Playwright's flaky
// tests passed on a retry, so they count as passed; "interrupted" tests were stopped mid-run and
// count as failed; "did not run" ones never started (a failure elsewhere, already counted, stopped
// them), so they count as skipped.
//
// Usage: node scripts/ci-summary.mjs <log file>
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const MARKER = /^\[ci-step\] (setup|check|tests|soak|cluster|drill|drain|telemetry) exit (\d+): /;
/** The line a one-test step must print to pass; an exit code of 0 alone could be a script that stopped early. */
const SUCCESS_LINE = {
  soak: "✔ soak passed",
  cluster: "✔ cluster passed",
  drill: "✔ restore drill passed",
  drain: "✔ drain passed",
  telemetry: "✔ telemetry passed",
};
const VITEST_TESTS = /^ *Tests {2}(.+)$/;
const VITEST_PART = /^(\d+) (failed|passed|expected fail|skipped|todo)$/;
const PLAYWRIGHT = /^ {2}(\d+) (passed|flaky|failed|interrupted|skipped|did not run)(?: \([^)]*\))?$/;

const OUTCOME = {
  passed: "passed",
  "expected fail": "passed",
  flaky: "passed",
  failed: "failed",
  interrupted: "failed",
  skipped: "skipped",
  todo: "skipped",
  "did not run": "skipped",
};

/** Counts in one runner summary line, or null when the line is not one. */
function runnerCounts(line) {
  const vitest = VITEST_TESTS.exec(line);
  if (vitest) {
    const body = vitest[1].replace(/ \(\d+\)$/, "");
    if (body === "no tests") return { passed: 0, failed: 0, skipped: 0 };
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const part of body.split(" | ")) {
      const match = VITEST_PART.exec(part);
      if (!match) return null;
      counts[OUTCOME[match[2]]] += Number(match[1]);
    }
    return counts;
  }
  const playwright = PLAYWRIGHT.exec(line);
  if (playwright) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    counts[OUTCOME[playwright[2]]] = Number(playwright[1]);
    return counts;
  }
  return null;
}

/** Sums a CI log; see the top of this file for what counts. */
export function summarize(text) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  let segment = { passed: 0, failed: 0, skipped: 0, successLines: new Set() };
  // A lone carriage return ends a line too, so progress output cannot hide a summary.
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = stripVTControlCharacters(raw).trimEnd();
    const marker = MARKER.exec(line);
    if (!marker) {
      const counts = runnerCounts(line);
      if (counts) for (const key of ["passed", "failed", "skipped"]) segment[key] += counts[key];
      if (Object.values(SUCCESS_LINE).includes(line)) segment.successLines.add(line);
      continue;
    }
    const [, kind, status] = marker;
    const ok = status === "0";
    if (kind === "tests") {
      total.passed += segment.passed;
      total.failed += segment.failed + (!ok && segment.failed === 0 ? 1 : 0);
      total.skipped += segment.skipped;
    } else if (kind === "check") {
      total[ok ? "passed" : "failed"] += 1;
    } else if (kind in SUCCESS_LINE) {
      if (ok && segment.successLines.has(SUCCESS_LINE[kind])) total.passed += 1;
      else total.failed += 1;
    } else if (!ok) {
      total.failed += 1;
    }
    segment = { passed: 0, failed: 0, skipped: 0, successLines: new Set() };
  }
  total.passed += segment.passed;
  total.failed += segment.failed;
  total.skipped += segment.skipped;
  return total;
}

/** The line the CI harness reads. */
export function formatSummary({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed` + (skipped > 0 ? `, ${skipped} skipped` : "");
}

// Node resolves symbolic links in the module's URL but not in argv[1].
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/ci-summary.mjs <log file>");
    process.exit(2);
  }
  console.log(formatSummary(summarize(readFileSync(file, "utf8"))));
}
