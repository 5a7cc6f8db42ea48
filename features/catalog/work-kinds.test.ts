import { describe, expect, it } from "vitest";

import { workKindsMatching } from "@/features/catalog/work-kinds";
import { keywordVariants } from "@/lib/translit";

const kinds = (keyword: string) => workKindsMatching(keywordVariants(keyword));

describe("workKindsMatching", () => {
  it.each([
    "tyre",
    "Tyres",
    "tire",
    "tires",
    "tyre service",
    "шини",
    "Шина",
    "шиномонтаж",
    "шиномонт",
    "вулканізація",
    "shynomontazh",
  ])("%s names tyre work", (keyword) => {
    expect(kinds(keyword)).toEqual(["tyres"]);
  });

  it("finds nothing for words that only contain a tyre word inside, or name no kind of work", () => {
    expect(kinds("машини")).toEqual([]);
    expect(kinds("toyota")).toEqual([]);
    expect(kinds("service")).toEqual([]);
    expect(kinds("ши")).toEqual([]);
    expect(kinds("")).toEqual([]);
  });
});
