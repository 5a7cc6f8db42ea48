import { describe, expect, it } from "vitest";

import { formatSummary, summarize } from "@/scripts/ci-summary.mjs";

// Tails of real runs (Vitest 4.1, Playwright 1.65), colour codes as printed with FORCE_COLOR=1.
const vitestUnitColour = [
  "\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[32m19 passed\u001b[39m\u001b[22m\u001b[90m (19)\u001b[39m",
  "\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m99 passed\u001b[39m\u001b[22m\u001b[90m (99)\u001b[39m",
  "\u001b[2m   Start at \u001b[22m 08:53:58",
  "\u001b[2m   Duration \u001b[22m 6.67s\u001b[2m (transform 658ms, setup 0ms, import 1.07s, tests 223ms, environment 2ms)\u001b[22m",
  "",
].join("\n");

const vitestMixedColour = [
  "\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m \u001b[30m\u001b[42m unit \u001b[49m\u001b[39m t/b.test.mjs\u001b[2m > \u001b[22mbad too",
  "\u001b[31m\u001b[1mAssertionError\u001b[22m: expected 'a' to be 'b' // Object.is equality\u001b[39m",
  "",
  "\u001b[31m\u001b[2m⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[3/3]⎯\u001b[22m\u001b[39m",
  "",
  "",
  "\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[31m3 failed\u001b[39m\u001b[22m\u001b[90m (3)\u001b[39m",
  "\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[31m2 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m3 passed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[36m1 expected fail\u001b[39m\u001b[2m | \u001b[22m\u001b[33m1 skipped\u001b[39m\u001b[2m | \u001b[22m\u001b[90m1 todo\u001b[39m\u001b[90m (8)\u001b[39m",
  "\u001b[2m   Start at \u001b[22m 08:55:25",
  "\u001b[2m   Duration \u001b[22m 443ms\u001b[2m (transform 17ms, setup 0ms, import 26ms, tests 11ms, environment 0ms)\u001b[22m",
  "",
].join("\n");

const vitestMixedPlain = [
  " ❯ |unit| t/a.test.mjs (6 tests | 1 failed | 1 skipped | 1 todo) 7ms",
  "   ✓ ok 1 1ms",
  "   × bad 4ms",
  " ❯ |unit| t/b.test.mjs (2 tests | 1 failed) 6ms",
  "",
  "⎯⎯⎯⎯⎯⎯ Failed Suites 1 ⎯⎯⎯⎯⎯⎯⎯",
  "",
  " FAIL  |unit| t/c.test.mjs [ t/c.test.mjs ]",
  "",
  " Test Files  3 failed (3)",
  "      Tests  2 failed | 3 passed | 1 expected fail | 1 skipped | 1 todo (8)",
  "   Start at  08:55:31",
  "   Duration  509ms (transform 22ms, setup 0ms, import 32ms, tests 12ms, environment 0ms)",
  "",
].join("\n");

// One file fails to import: Vitest exits 1 but its Tests line shows no failure.
const vitestImportError = [
  " ✓ |unit| t/e.test.mjs (1 test) 2ms",
  " ❯ |unit| t/f.test.mjs (0 test)",
  "",
  " FAIL  |unit| t/f.test.mjs [ t/f.test.mjs ]",
  "Error: Cannot find module './missing.mjs' imported from /tmp/ci-samples/vt/t/f.test.mjs",
  "",
  " Test Files  1 failed | 1 passed (2)",
  "      Tests  1 passed (1)",
  "   Start at  08:56:56",
  "   Duration  332ms (transform 23ms, setup 0ms, import 20ms, tests 2ms, environment 0ms)",
  "",
].join("\n");

const vitestAllSkipped = [" Test Files  1 skipped (1)", "      Tests  1 skipped (1)", ""].join("\n");

const playwrightGreen = [
  "  ✓  48 [chromium] › tests/e2e/xss.spec.ts:324:3 › XSS payloads render inert › feedback on /ua/home reaches the outbox as literal text (2.0s)",
  "[WebServer] Якщо ви не реєструвалися, просто проігноруйте цей лист.",
  "  ✓  49 [chromium] › tests/e2e/xss.spec.ts:345:3 › XSS payloads render inert › search boxes and URL parameters echo payloads as text: /services, the header search, admin searches, /login?redirect (14.0s)",
  "",
  "  49 passed (2.9m)",
  "",
].join("\n");

const playwrightMixedPlain = [
  "Running 7 tests using 1 worker",
  "",
  "  ✓  1 t/a.spec.mjs:2:1 › passes (2ms)",
  "  ✘  3 t/a.spec.mjs:4:1 › fails (5ms)",
  "  ✓  6 t/a.spec.mjs:5:1 › flaky (retry #1) (4ms)",
  "  -  7 t/a.spec.mjs:6:6 › skipped",
  "",
  "  1) t/a.spec.mjs:4:1 › fails ──────",
  "",
  "  2 failed",
  "    t/a.spec.mjs:4:1 › fails ──────",
  "    t/a.spec.mjs:8:3 › serial › first breaks ──────",
  "  1 flaky",
  "    t/a.spec.mjs:5:1 › flaky ──────",
  "  1 skipped",
  "  1 did not run",
  "  2 passed (2.5s)",
  "",
].join("\n");

const playwrightMixedColour = [
  "\u001b[31m  3) t/a.spec.mjs:5:1 › flaky \u001b[2m──────\u001b[22m\u001b[39m",
  "",
  "\u001b[31m  2 failed\u001b[39m",
  "\u001b[31m    t/a.spec.mjs:4:1 › fails \u001b[2m──────\u001b[22m\u001b[39m",
  "\u001b[31m    t/a.spec.mjs:8:3 › serial › first breaks \u001b[2m──────\u001b[22m\u001b[39m",
  "\u001b[33m  1 flaky\u001b[39m",
  "\u001b[33m    t/a.spec.mjs:5:1 › flaky \u001b[2m──────\u001b[22m\u001b[39m",
  "\u001b[33m  1 skipped\u001b[39m",
  "\u001b[33m  1 did not run\u001b[39m",
  "\u001b[32m  2 passed\u001b[39m\u001b[2m (2.4s)\u001b[22m",
  "",
].join("\n");

// Stopped by SIGINT half-way through.
const playwrightInterrupted = [
  "Running 2 tests using 1 worker",
  "",
  "  ✘  1 t/b.spec.mjs:2:1 › slow (4.1s)",
  "",
  "  1 interrupted",
  "    t/b.spec.mjs:2:1 › slow ──────",
  "  1 did not run",
  "",
].join("\n");

const soakPassed = [
  "6784 requests in 60 s (113 req/s)",
  "server memory (RSS, MiB): median 550 in the second quarter, 587 in the last; peak 592",
  "",
  "✔ soak passed",
  "",
].join("\n");

const drillPassed = [
  "✔ restored over the previous copy: same rows and contents in all 16 tables, same extensions (cube 1.5, earthdistance 1.2, pg_trgm 1.6, plpgsql 1.0) and 60 indexes",
  "",
  "drill time 28.1 s",
  "✔ restore drill passed",
  "",
].join("\n");
const drillName = "restore drill: seed → backup → drop → restore → same counts, a service renders";

const marker = (kind: string, status: number, name: string) => `[ci-step] ${kind} exit ${status}: ${name}\n`;
const setupDone =
  marker("setup", 0, "npm ci") + marker("setup", 0, "system packages") + marker("setup", 0, "PostgreSQL 15");
const checksDone = marker("check", 0, "lint") + marker("check", 0, "typecheck") + marker("check", 0, "db:check");
const testsName = "npm test (unit, integration on PGlite and PostgreSQL, e2e on PostgreSQL)";

describe("summarize: runner output", () => {
  it("reads a Vitest run with colour codes", () => {
    expect(summarize(vitestUnitColour)).toEqual({ passed: 99, failed: 0, skipped: 0 });
  });

  it("counts Vitest's expected fails as passed and todo as skipped, with or without colour", () => {
    expect(summarize(vitestMixedColour)).toEqual({ passed: 4, failed: 2, skipped: 2 });
    expect(summarize(vitestMixedPlain)).toEqual({ passed: 4, failed: 2, skipped: 2 });
  });

  it("reads a Vitest run where every test was skipped", () => {
    expect(summarize(vitestAllSkipped)).toEqual({ passed: 0, failed: 0, skipped: 1 });
  });

  it("reads Playwright's closing line among the per-test lines and web server output", () => {
    expect(summarize(playwrightGreen)).toEqual({ passed: 49, failed: 0, skipped: 0 });
  });

  it("counts Playwright's flaky as passed and did-not-run as skipped, with or without colour", () => {
    expect(summarize(playwrightMixedPlain)).toEqual({ passed: 3, failed: 2, skipped: 2 });
    expect(summarize(playwrightMixedColour)).toEqual({ passed: 3, failed: 2, skipped: 2 });
  });

  it("counts Playwright's interrupted tests as failed", () => {
    expect(summarize(playwrightInterrupted)).toEqual({ passed: 0, failed: 1, skipped: 1 });
  });

  it("sums every run and reads CRLF and carriage-return line ends", () => {
    const log = [vitestUnitColour, vitestMixedPlain, playwrightMixedColour].join("\n").replaceAll("\n", "\r\n");
    expect(summarize(log)).toEqual({ passed: 99 + 4 + 3, failed: 4, skipped: 4 });
    expect(summarize("progress 10%\r  49 passed (2.9m)\n")).toEqual({ passed: 49, failed: 0, skipped: 0 });
  });

  it("finds nothing in output without runner summaries", () => {
    expect(
      summarize("▶ Integration tests on PGlite (embedded)\n  ✓  1 [chromium] › a.spec.ts:1:1 › x (2ms)\n"),
    ).toEqual({
      passed: 0,
      failed: 0,
      skipped: 0,
    });
  });
});

describe("summarize: .ci/run's log", () => {
  it("sums a green run: three checks, four test runs, the soak, the cluster run and the restore drill", () => {
    const log =
      setupDone +
      checksDone +
      [vitestUnitColour, "▶ Integration tests on PGlite (embedded)", vitestAllSkipped, playwrightGreen].join("\n") +
      marker("tests", 0, testsName) +
      soakPassed +
      marker("soak", 0, "soak") +
      "✔ every acknowledged feedback (94) stored exactly once\n✔ cluster passed\n" +
      marker("cluster", 0, "cluster") +
      drillPassed +
      marker("drill", 0, drillName);
    expect(formatSummary(summarize(log))).toBe(`${3 + 99 + 49 + 1 + 1 + 1} passed, 0 failed, 1 skipped`);
  });

  it("counts a cluster run that exits 0 without its closing line as failed", () => {
    expect(formatSummary(summarize(marker("cluster", 0, "cluster")))).toBe("0 passed, 1 failed");
    expect(formatSummary(summarize("✖ instance B killed under load\n" + marker("cluster", 1, "cluster")))).toBe(
      "0 passed, 1 failed",
    );
  });

  it("counts the drain and telemetry runs by their closing lines", () => {
    const log =
      "✔ (b) a new connection is refused\n✔ drain passed\n" +
      marker("drain", 0, "drain") +
      "✔ a request's trace holds a database span\n" +
      marker("telemetry", 0, "telemetry");
    expect(formatSummary(summarize(log))).toBe("1 passed, 1 failed");
    expect(formatSummary(summarize("✔ telemetry passed\n" + marker("telemetry", 1, "telemetry")))).toBe(
      "0 passed, 1 failed",
    );
  });

  it("reports a failed setup step as one failed test", () => {
    expect(formatSummary(summarize(marker("setup", 1, "npm ci")))).toBe("0 passed, 1 failed");
  });

  it("counts a failed check and the checks that passed before it", () => {
    const log = setupDone + marker("check", 0, "lint") + marker("check", 2, "typecheck");
    expect(formatSummary(summarize(log))).toBe("1 passed, 1 failed");
  });

  it("adds one failure when the tests step fails without a failed test", () => {
    const log = setupDone + checksDone + vitestImportError + marker("tests", 1, testsName);
    expect(summarize(log)).toEqual({ passed: 4, failed: 1, skipped: 0 });
  });

  it("adds nothing when the failed tests step already shows failures", () => {
    const log = checksDone + vitestUnitColour + playwrightInterrupted + marker("tests", 124, testsName);
    expect(summarize(log)).toEqual({ passed: 102, failed: 1, skipped: 1 });
  });

  it("passes the soak only when it exited 0 and printed its success line", () => {
    expect(summarize(soakPassed + marker("soak", 0, "soak"))).toEqual({ passed: 1, failed: 0, skipped: 0 });
    expect(summarize(soakPassed + marker("soak", 1, "soak"))).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(summarize("6784 requests in 60 s\n" + marker("soak", 0, "soak"))).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
    });
  });

  it("passes the restore drill only when it exited 0 and printed its own success line", () => {
    expect(summarize(drillPassed + marker("drill", 0, drillName))).toEqual({ passed: 1, failed: 0, skipped: 0 });
    expect(summarize(drillPassed + marker("drill", 1, drillName))).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(summarize("✖ restore drill failed: 1 problem(s)\n" + marker("drill", 0, drillName))).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
    });
    // Each step's success line counts for that step only.
    expect(summarize(soakPassed + marker("drill", 0, drillName))).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(summarize(drillPassed + marker("soak", 0, "soak"))).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  it("does not read runner summaries printed inside the soak", () => {
    expect(summarize("  12 passed (3s)\n" + soakPassed + marker("soak", 0, "soak"))).toEqual({
      passed: 1,
      failed: 0,
      skipped: 0,
    });
  });
});

describe("formatSummary", () => {
  it("adds skipped only when some were", () => {
    expect(formatSummary({ passed: 5, failed: 0, skipped: 0 })).toBe("5 passed, 0 failed");
    expect(formatSummary({ passed: 5, failed: 1, skipped: 2 })).toBe("5 passed, 1 failed, 2 skipped");
  });
});
