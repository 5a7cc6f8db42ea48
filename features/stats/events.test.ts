import { describe, expect, it } from "vitest";

import { axisDayIndexes, fillDays } from "@/features/stats/events";

describe("fillDays", () => {
  it("gives every calendar day once, across the DST change, with zeros where nothing was counted", () => {
    const stats = fillDays("2026-10-20", "2026-10-30", [
      { day: "2026-10-25", kind: "view", count: 3 },
      { day: "2026-10-25", kind: "call", count: 1 },
      { day: "2026-10-30", kind: "view", count: 2 },
      { day: "2026-09-01", kind: "view", count: 99 },
    ]);
    expect(stats.days.map((entry) => entry.day)).toEqual([
      "2026-10-20",
      "2026-10-21",
      "2026-10-22",
      "2026-10-23",
      "2026-10-24",
      "2026-10-25",
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
    ]);
    expect(stats.days[5]!.counts).toEqual({ view: 3, call: 1, directions: 0, messenger: 0, save: 0 });
    expect(stats.totals).toEqual({ view: 5, call: 1, directions: 0, messenger: 0, save: 0 });
  });

  it("spans a month end and a spring DST change", () => {
    expect(fillDays("2026-03-28", "2026-04-02", []).days).toHaveLength(6);
  });
});

describe("axisDayIndexes", () => {
  it("labels the first, the middle and the last day of the chart", () => {
    expect(axisDayIndexes(30)).toEqual([0, 15, 29]);
    expect(axisDayIndexes(7)).toEqual([0, 3, 6]);
  });

  it("labels each day once in a short range, and nothing without days", () => {
    expect(axisDayIndexes(2)).toEqual([0, 1]);
    expect(axisDayIndexes(1)).toEqual([0]);
    expect(axisDayIndexes(0)).toEqual([]);
  });
});
