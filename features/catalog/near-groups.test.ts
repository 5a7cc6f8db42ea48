import { describe, expect, it } from "vitest";

import { nearGroups } from "@/features/catalog/near-groups";

const POINT = { lat: 50.45, lng: 30.52 };
const master = (_id: string) => ({ _id, comesToYou: true as const });
const station = (_id: string) => ({ _id });

describe("nearGroups", () => {
  const page = [master("M 4.3"), master("M 4.4"), station("S 0"), station("S 1.2")];

  it("labels the masters who come to the point apart from the rest, near a point in the default order", () => {
    expect(nearGroups(page, { near: POINT })).toEqual({
      comesToYou: [master("M 4.3"), master("M 4.4")],
      nearest: [station("S 0"), station("S 1.2")],
    });
    // Another sort only breaks ties near a point: the groups stand.
    expect(nearGroups(page, { near: POINT, sort: "rating.desc" })).not.toBeNull();
    // A page of such masters alone still says what they are.
    expect(nearGroups([master("M")], { near: POINT })).toEqual({ comesToYou: [master("M")], nearest: [] });
  });

  it("is one list when nearest first is asked, without a point, or with nobody coming", () => {
    expect(nearGroups(page, { near: POINT, sort: "nearest" })).toBeNull();
    expect(nearGroups(page, {})).toBeNull();
    expect(nearGroups([station("S 0"), station("S 1.2")], { near: POINT })).toBeNull();
    expect(nearGroups([], { near: POINT })).toBeNull();
  });
});
