import { describe, expect, it } from "vitest";

import { parseItemsQuery, serializeItemsQuery } from "@/features/catalog/items-query";

describe("parseItemsQuery", () => {
  it("accepts the full contract", () => {
    const result = parseItemsQuery(
      new URLSearchParams(
        "filter=sto&keyword=%20bosch%20&page=2&sort=price.asc&onthego=true&open=true&userDateTime=2026-11-22T10:00:00.000Z&near=49.23,28.46",
      ),
    );
    expect(result).toEqual({
      ok: true,
      query: {
        filter: "sto",
        keyword: "bosch",
        page: 2,
        sort: "price.asc",
        onthego: true,
        open: true,
        userDateTime: "2026-11-22T10:00:00.000Z",
        near: { lat: 49.23, lng: 28.46 },
      },
    });
  });

  it("ignores null, undefined and blank values", () => {
    expect(parseItemsQuery({ filter: "null", keyword: "   ", page: "", sort: "undefined" })).toEqual({
      ok: true,
      query: { page: 1 },
    });
  });

  it("accepts an offset in userDateTime", () => {
    expect(parseItemsQuery({ userDateTime: "2026-11-22T12:00:00+02:00" })).toMatchObject({ ok: true });
  });

  it.each([
    ["page", "-1", "Validation.page"],
    ["page", "0", "Validation.page"],
    ["page", "1.5", "Validation.page"],
    ["page", "999999", "Validation.page"],
    ["sort", "foo", "Validation.sort"],
    ["near", "abc", "Validation.near"],
    ["near", "91,10", "Validation.near"],
    ["near", "10,181", "Validation.near"],
    ["userDateTime", "garbage", "Validation.userDateTime"],
    // Well formed, yet no visitor's clock: the database's dates stop at these.
    ["userDateTime", "0000-01-01T00:00:00Z", "Validation.userDateTime"],
    ["userDateTime", "9999-12-31T23:59:59Z", "Validation.userDateTime"],
    ["filter", "garage", "Validation.filter"],
    ["open", "yes", "Validation.flag"],
    ["keyword", "x".repeat(101), "Validation.keywordTooLong"],
  ])("refuses %s=%s", (key, value, message) => {
    expect(parseItemsQuery({ [key]: value })).toEqual({ ok: false, issues: { [key]: message } });
  });

  it("takes the first of repeated parameters", () => {
    expect(parseItemsQuery({ page: ["3", "4"] })).toEqual({ ok: true, query: { page: 3 } });
  });
});

describe("serializeItemsQuery", () => {
  it("leaves out defaults and round-trips", () => {
    const query = {
      page: 1,
      keyword: "Львів",
      filter: "mechanic" as const,
      open: true,
      near: { lat: 50.45, lng: 30.52 },
    };
    const params = serializeItemsQuery(query);
    expect(params.toString()).toBe(
      "keyword=%D0%9B%D1%8C%D0%B2%D1%96%D0%B2&filter=mechanic&open=true&near=50.45%2C30.52",
    );
    expect(parseItemsQuery(params)).toEqual({ ok: true, query });
  });
});
