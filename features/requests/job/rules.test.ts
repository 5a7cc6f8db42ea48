import { describe, expect, it } from "vitest";

import { approvedExtras, confirmBy, jobCeiling, withinCeiling } from "./rules";

const extra = (price: number, status: "proposed" | "approved" | "declined") => ({ price, status });

describe("the ceiling of a final price", () => {
  it("is the agreed price when no extra was approved", () => {
    expect(jobCeiling(1500, [])).toBe(1500);
    expect(jobCeiling(1500, [extra(300, "proposed"), extra(200, "declined")])).toBe(1500);
  });

  it("adds approved extras only: proposed and declined ones add nothing", () => {
    const extras = [extra(300, "approved"), extra(200, "proposed"), extra(1000, "declined"), extra(50, "approved")];
    expect(approvedExtras(extras)).toBe(350);
    expect(jobCeiling(1200, extras)).toBe(1550);
  });

  it("lets a price equal to the ceiling pass and refuses one more", () => {
    const ceiling = jobCeiling(1500, [extra(300, "approved")]);
    expect(withinCeiling(1800, ceiling)).toBe(true);
    expect(withinCeiling(1801, ceiling)).toBe(false);
    expect(withinCeiling(0, ceiling)).toBe(true);
  });

  it("gives the driver 72 hours to answer", () => {
    expect(confirmBy(new Date("2026-12-01T10:00:00Z")).toISOString()).toBe("2026-12-04T10:00:00.000Z");
  });
});
