import { describe, expect, it } from "vitest";

import { responseDuration, responsePercent } from "./response-wording";

describe("responseDuration: how long a service usually takes, as a driver reads it", () => {
  it("keeps minutes under an hour, never less than one", () => {
    expect(responseDuration(0)).toEqual({ unit: "minute", value: 1 });
    expect(responseDuration(1)).toEqual({ unit: "minute", value: 1 });
    expect(responseDuration(15)).toEqual({ unit: "minute", value: 15 });
    expect(responseDuration(14.2)).toEqual({ unit: "minute", value: 15 });
    expect(responseDuration(59)).toEqual({ unit: "minute", value: 59 });
  });

  it("rounds up to whole hours from an hour on: 'within' must not promise less than the median", () => {
    expect(responseDuration(60)).toEqual({ unit: "hour", value: 1 });
    expect(responseDuration(61)).toEqual({ unit: "hour", value: 2 });
    expect(responseDuration(120)).toEqual({ unit: "hour", value: 2 });
    expect(responseDuration(23 * 60)).toEqual({ unit: "hour", value: 23 });
  });

  it("says days from the 24th hour on, never '24 h'", () => {
    expect(responseDuration(23 * 60 + 1)).toEqual({ unit: "day", value: 1 });
    expect(responseDuration(24 * 60)).toEqual({ unit: "day", value: 1 });
    expect(responseDuration(24 * 60 + 1)).toEqual({ unit: "day", value: 2 });
    expect(responseDuration(72 * 60)).toEqual({ unit: "day", value: 3 });
  });
});

describe("responsePercent", () => {
  it("is the share as a whole percentage, rounded down so 99.6% is never shown as all", () => {
    expect(responsePercent(0.9)).toBe(0.9);
    expect(responsePercent(0.996)).toBe(0.99);
    expect(responsePercent(1)).toBe(1);
    expect(responsePercent(0)).toBe(0);
    expect(responsePercent(0.123)).toBe(0.12);
    // 0.29 * 100 is 28.999… in floating point.
    expect(responsePercent(0.29)).toBe(0.29);
    expect(responsePercent(0.57)).toBe(0.57);
  });
});
