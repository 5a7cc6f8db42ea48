import { beforeAll, describe, expect, it } from "vitest";

import { GET as listItems } from "@/app/api/items/route";
import { listServices } from "@/features/catalog/server/list";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { makeRequest } from "../../helpers/request";

/** Around a point in Poltava, far from the other tests' services. */
const POINT = { lat: 49.59, lng: 34.55 };
/** One km north or east of POINT, near enough: a degree of latitude is 111.3 km, of longitude here 72.2 km. */
const north = (km: number) => ({ lat: POINT.lat + km / 111.32, lng: POINT.lng });
const east = (km: number) => ({ lat: POINT.lat, lng: POINT.lng + km / 72.2 });

beforeAll(async () => {
  const prisma = await getPrisma();
  // Two masters who come to the point, the farther one better rated; a station right at the
  // point, rated best of all; two more stations nearer than the masters' bases.
  const far = await makeService({
    name: "Order Master 4.4",
    role: "mechanic",
    isOnTheGo: true,
    ...north(4.4),
    ratings: { ratingAvg: 4.8, numReviews: 6 },
  });
  const near = await makeService({
    name: "Order Master 4.3",
    role: "mechanic",
    isOnTheGo: true,
    ...east(4.3),
    ratings: { ratingAvg: 3, numReviews: 2 },
  });
  await makeService({ name: "Order Station 0", ...POINT, ratings: { ratingAvg: 5, numReviews: 9 } });
  await makeService({ name: "Order Station 1.2", ...east(1.2), ratings: { ratingAvg: 2, numReviews: 1 } });
  await makeService({ name: "Order Station 2.5", ...north(2.5), ratings: { ratingAvg: 4, numReviews: 3 } });
  await prisma.service.updateMany({ where: { id: { in: [far.id, near.id] } }, data: { serviceRadiusKm: 10 } });
  catalogChanged();
});

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe("near a point", () => {
  it("by default lists the masters who come to the point first, each group nearest first", async () => {
    const { items } = await listServices({ page: 1, keyword: "Order", near: POINT });
    expect(names(items)).toEqual([
      "Order Master 4.3",
      "Order Master 4.4",
      "Order Station 0",
      "Order Station 1.2",
      "Order Station 2.5",
    ]);
    expect(items.map((item) => item.comesToYou ?? false)).toEqual([true, true, false, false, false]);
    expect(items.map((item) => item.distanceKm)).toEqual([4.3, 4.4, 0, 1.2, 2.5]);
  });

  it("another sort only breaks ties: the groups and their distances still order the list", async () => {
    const { items } = await listServices({ page: 1, keyword: "Order", near: POINT, sort: "rating.desc" });
    expect(names(items)).toEqual([
      "Order Master 4.3",
      "Order Master 4.4",
      "Order Station 0",
      "Order Station 1.2",
      "Order Station 2.5",
    ]);
  });

  it("nearest first lists every service by its own distance, a master who comes to the point still labelled", async () => {
    const { items } = await listServices({ page: 1, keyword: "Order", near: POINT, sort: "nearest" });
    expect(names(items)).toEqual([
      "Order Station 0",
      "Order Station 1.2",
      "Order Station 2.5",
      "Order Master 4.3",
      "Order Master 4.4",
    ]);
    expect(items.map((item) => item.distanceKm)).toEqual([0, 1.2, 2.5, 4.3, 4.4]);
    expect(items.at(-1)!.comesToYou).toBe(true);
  });
});

describe("GET /api/items?sort=nearest", () => {
  it("orders by distance from the point", async () => {
    const response = await listItems(
      makeRequest(`/api/items?keyword=Order&sort=nearest&near=${POINT.lat},${POINT.lng}`),
    );
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { name: string; distanceKm: number }[] };
    expect(names(items)[0]).toBe("Order Station 0");
    const km = items.map((item) => item.distanceKm);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it("needs a point: without one it is a 400 naming the sort, in the caller's language", async () => {
    const response = await listItems(makeRequest("/api/items?sort=nearest"));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.errors)).toEqual(["sort"]);
    expect(body.message).toBe("Nearest first needs a point: your location or one chosen on the map.");
    const uk = await (await listItems(makeRequest("/api/items?sort=nearest&filter=sto&lng=ua"))).json();
    expect(uk.message).toBe("Щоб показати найближчі, потрібна точка: ваше місце або обрана на мапі.");
    // A bad point is named as such, not as a missing one.
    const bad = await (await listItems(makeRequest("/api/items?sort=nearest&near=91,0"))).json();
    expect(Object.keys(bad.errors)).toEqual(["near"]);
  });
});
