import { describe, expect, it } from "vitest";

import { parseItemsQuery } from "./items-query";
import { listView, searchWithView } from "./list-view";

describe("the list's view parameter", () => {
  it("is the map only when it says so", () => {
    expect(listView("map")).toBe("map");
    expect(listView("list")).toBe("list");
    expect(listView(null)).toBe("list");
    expect(listView("MAP")).toBe("list");
  });

  it("switches the view and keeps every other parameter", () => {
    expect(searchWithView("?filter=sto&keyword=%D1%88%D0%B8%D0%BD%D0%B8&page=2", "map")).toBe(
      "?filter=sto&keyword=%D1%88%D0%B8%D0%BD%D0%B8&page=2&view=map",
    );
    expect(searchWithView("?view=map&open=true", "list")).toBe("?open=true");
    expect(searchWithView("?view=map", "list")).toBe("");
    expect(searchWithView("", "map")).toBe("?view=map");
  });

  it("is no part of the question the server answers", () => {
    expect(parseItemsQuery({ view: "map", filter: "sto" })).toEqual({ ok: true, query: { page: 1, filter: "sto" } });
  });
});
