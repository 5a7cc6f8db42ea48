import { describe, expect, it } from "vitest";

import { categoriesMatching } from "@/features/catalog/category-search";

describe("categoriesMatching", () => {
  it("finds categories by code or by a part of their label in either language", () => {
    expect(categoriesMatching(["вантаж"])).toEqual(["trucks"]);
    expect(categoriesMatching(["TRUCK"])).toEqual(["trucks"]);
    expect(categoriesMatching(["agriculturalmachinery"])).toEqual(["agriculturalmachinery"]);
    expect(categoriesMatching(["спецтехн"])).toEqual(["specialmachinery"]);
  });

  it("answers trucks for trailers, which are sent and stored as trucks (spec §3)", () => {
    expect(categoriesMatching(["причеп"])).toEqual(["trucks"]);
    expect(categoriesMatching(["Trailer"])).toEqual(["trucks"]);
    expect(categoriesMatching(["truck", "trailers"])).toEqual(["trucks"]);
  });

  it("finds nothing for words that name no category", () => {
    expect(categoriesMatching(["toyota", "тоиота"])).toEqual([]);
    expect(categoriesMatching([""])).toEqual([]);
  });
});
