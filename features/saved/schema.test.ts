import { describe, expect, it } from "vitest";

import { SAVED_MAX } from "@/features/saved/rules";
import { parseCardIds, savedMergeInput } from "@/features/saved/schema";

const id = (n: number) => `0190${String(n).padStart(4, "0")}-0000-7000-8000-000000000000`;

describe("the ids of GET /api/items/cards", () => {
  it("reads comma-separated ids, each once, lower-cased, in the order given, skipping empty parts", () => {
    expect(parseCardIds(`${id(2)}, ,${id(1).toUpperCase()},${id(2)},`)).toEqual([id(2), id(1)]);
  });

  it("refuses no ids, a part that is no id, and more than the cap", () => {
    for (const raw of [null, "", ",,,", "nope", `${id(1)},x`, "%00", "a".repeat(10_000)])
      expect(parseCardIds(raw), String(raw).slice(0, 20)).toBeNull();
    const many = Array.from({ length: SAVED_MAX + 1 }, (_, n) => id(n));
    expect(parseCardIds(many.join(","))).toBeNull();
    expect(parseCardIds(many.slice(0, SAVED_MAX).join(","))).toHaveLength(SAVED_MAX);
  });
});

describe("a device's list to merge", () => {
  it("takes up to the cap of valid ids, lower-cased", () => {
    expect(savedMergeInput.parse({ ids: [id(1).toUpperCase()] })).toEqual({ ids: [id(1)] });
    expect(savedMergeInput.safeParse({ ids: Array.from({ length: SAVED_MAX + 1 }, (_, n) => id(n)) }).success).toBe(
      false,
    );
    expect(savedMergeInput.safeParse({ ids: ["x"] }).success).toBe(false);
  });
});
