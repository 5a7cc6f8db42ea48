import { describe, expect, it } from "vitest";
import { createSpacer } from "@/lib/request-spacing";

describe("createSpacer", () => {
  it("books slots one interval apart and refuses a wait longer than allowed", () => {
    let clock = 10_000;
    const reserve = createSpacer(() => 1000, () => clock);
    expect(reserve(4000)).toBe(0);
    expect(reserve(4000)).toBe(1000);
    expect(reserve(4000)).toBe(2000);
    expect(reserve(1500)).toBeNull();
    clock += 5000;
    expect(reserve(0)).toBe(0);
  });
});
