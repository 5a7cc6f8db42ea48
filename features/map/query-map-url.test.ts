import { describe, expect, it } from "vitest";

import { locationsUrl, mapQuestion, searchAreaQuery } from "./query-map-url";

describe("the map of the list's question", () => {
  it("asks the list's filters, without its page, sort or point", () => {
    expect(
      mapQuestion("keyword=%D0%9A%D0%B8%D1%97%D0%B2&page=3&sort=rating.desc&near=50.45,30.52&view=map&open=true"),
    ).toBe("keyword=%D0%9A%D0%B8%D1%97%D0%B2&open=true");
    expect(mapQuestion("?filter=sto&job=tyre_r15&prices=true&onthego=true&userDateTime=2026-11-24T08%3A00%3A00Z")).toBe(
      "filter=sto&job=tyre_r15&prices=true&onthego=true&userDateTime=2026-11-24T08%3A00%3A00Z",
    );
    expect(mapQuestion("")).toBe("");
    // /stos fixes the role by its path, not by its query string.
    expect(mapQuestion("keyword=tyre&page=2", "sto")).toBe("keyword=tyre&filter=sto");
  });

  it("asks a view, or the whole map with the bounds of every match", () => {
    expect(locationsUrl("filter=sto", { west: 30.1, south: 50.2, east: 30.9, north: 50.6, zoom: 11 })).toBe(
      "/api/items/locations?filter=sto&bbox=30.1%2C50.2%2C30.9%2C50.6&zoom=11",
    );
    expect(locationsUrl("filter=sto", undefined, true)).toBe("/api/items/locations?filter=sto&fit=1");
    expect(locationsUrl("")).toBe("/api/items/locations");
  });

  it("searches the area round the map's centre from the first page, keeping every other filter and the sort", () => {
    const query = new URLSearchParams(
      searchAreaQuery("filter=sto&sort=rating.desc&page=2&near=49.1,28.2&keyword=tyre", {
        lat: 50.450123456,
        lng: 30.523456789,
      }),
    );
    expect(Object.fromEntries(query)).toEqual({
      filter: "sto",
      sort: "rating.desc",
      near: "50.45012,30.52346",
      keyword: "tyre",
    });
    // A map panned round the globe still gives a longitude the list takes.
    expect(new URLSearchParams(searchAreaQuery("", { lat: 50, lng: 390.5 })).get("near")).toBe("50,30.5");
    expect(new URLSearchParams(searchAreaQuery("", { lat: 50, lng: -190 })).get("near")).toBe("50,170");
  });
});
