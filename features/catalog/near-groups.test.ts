import { describe, expect, it } from "vitest";

import { nearGroups } from "@/features/catalog/near-groups";

const POINT = { lat: 50.45, lng: 30.52 };
const master = (_id: string) => ({ _id, role: "mechanic" as const, comesToYou: true as const });
const station = (_id: string) => ({ _id, role: "sto" as const });
const towTruck = (_id: string) => ({ _id, role: "sto" as const, comesToYou: true as const });

describe("nearGroups", () => {
  const page = [master("M 4.3"), master("M 4.4"), station("S 0"), station("S 1.2")];

  it("labels the masters who come to the point apart from the rest, near a point in the default order", () => {
    expect(nearGroups(page, { near: POINT })).toEqual({
      comesToYou: [master("M 4.3"), master("M 4.4")],
      nearest: [station("S 0"), station("S 1.2")],
      mastersOnly: true,
    });
    // Another sort only breaks ties near a point: the groups stand.
    expect(nearGroups(page, { near: POINT, sort: "rating.desc" })).not.toBeNull();
    // A page of such masters alone still says what they are.
    expect(nearGroups([master("M")], { near: POINT })).toEqual({
      comesToYou: [master("M")],
      nearest: [],
      mastersOnly: true,
    });
  });

  it("says the group is not masters alone when a station's tow truck comes too", () => {
    expect(nearGroups([towTruck("T 30"), master("M 35"), station("S 2")], { near: POINT })).toEqual({
      comesToYou: [towTruck("T 30"), master("M 35")],
      nearest: [station("S 2")],
      mastersOnly: false,
    });
  });

  it("is one list when nearest first is asked, without a point, or with nobody coming", () => {
    expect(nearGroups(page, { near: POINT, sort: "nearest" })).toBeNull();
    expect(nearGroups(page, {})).toBeNull();
    expect(nearGroups([station("S 0"), station("S 1.2")], { near: POINT })).toBeNull();
    expect(nearGroups([], { near: POINT })).toBeNull();
  });
});
