import { afterEach, describe, expect, it, vi } from "vitest";

import { askLocationsEarly, fetchLocations, takeEarlyLocations } from "./home-map-data";

const ANSWER = { services: [{ _id: "a" }], clusters: [] };

function stubFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(ANSWER), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

afterEach(() => {
  takeEarlyLocations();
  vi.unstubAllGlobals();
});

describe("the home map's services, asked beside its code", () => {
  it("asks once, however often it is asked early, and the map's first question takes that answer", async () => {
    const calls = stubFetch();
    askLocationsEarly();
    askLocationsEarly();
    expect(calls).toEqual(["/api/items/locations"]);
    await expect(takeEarlyLocations()).resolves.toEqual(ANSWER);
    // Taken once: a map mounted again later asks afresh (its answers are kept 5 s only, spec §7).
    expect(takeEarlyLocations()).toBeNull();
  });

  it("without an early question there is nothing to take, and a view's question names its box", async () => {
    const calls = stubFetch();
    expect(takeEarlyLocations()).toBeNull();
    await fetchLocations({ west: 30, south: 50, east: 31, north: 51, zoom: 9 });
    expect(calls).toEqual(["/api/items/locations?bbox=30,50,31,51&zoom=9"]);
  });

  it("an error answer is an error with the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ message: "Database away" }), { status: 503 })),
    );
    await expect(fetchLocations(null)).rejects.toThrow("Database away");
  });
});
