import { beforeAll, describe, expect, it } from "vitest";

import { GET as listItems } from "@/app/api/items/route";
import { cardView } from "@/features/catalog/card-view";
import { nearGroups } from "@/features/catalog/near-groups";
import { listServices } from "@/features/catalog/server/list";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { makeRequest } from "../../helpers/request";

/** In Kherson oblast, far from the other tests' services. */
const POINT = { lat: 47.1, lng: 33.3 };
/** 30 km along the meridian (0.2698° of latitude). */
const KM30 = 30 / 111.195;

const tow = async (
  name: string,
  at: { lat: number; lng: number },
  fromUah: number,
  radiusKm: number | null,
  role: "sto" | "mechanic" = "sto",
) => {
  const service = await makeService({ name, role, ...at });
  const prisma = await getPrisma();
  // Written past the schema: a line stored without a radius (before the tow truck said how far it comes).
  await prisma.servicePrice.create({
    data: { serviceId: service.id, job: "tow_truck", fromUah, radiusKm, position: 0 },
  });
  return service.id;
};

beforeAll(async () => {
  const prisma = await getPrisma();
  await tow("Kherson Tow Reach 40", { lat: POINT.lat + KM30, lng: POINT.lng }, 1500, 40);
  await tow("Kherson Tow Reach 20", { lat: POINT.lat - 29 / 111.195, lng: POINT.lng }, 1100, 20);
  await tow("Kherson Tow No Radius", { lat: POINT.lat - 31 / 111.195, lng: POINT.lng }, 1200, null);
  // 2 km away, comes only 1 km: by its own distance, after those who come.
  await tow("Kherson Tow Near 1", { lat: POINT.lat + 2 / 111.195, lng: POINT.lng }, 900, 1);
  // ~35 km away, an on-the-go master whose service radius covers the point, with a tow truck that does not.
  const master = await tow(
    "Kherson Tow Master",
    { lat: POINT.lat + 35 / 111.195, lng: POINT.lng },
    800,
    10,
    "mechanic",
  );
  await prisma.service.update({ where: { id: master }, data: { isOnTheGo: true, serviceRadiusKm: 50 } });
  catalogChanged();
});

const mine = <Item extends { name: string }>(items: Item[]) =>
  items.filter((item) => item.name.startsWith("Kherson Tow"));
const names = (items: { name: string }[]) => mine(items).map((item) => item.name);

describe("near, the tow truck's job: a tow truck whose radius covers the point comes to you", () => {
  it("comes first with the masters who come, each by its own distance; the rest after by theirs", async () => {
    const query = { page: 1, job: "tow_truck" as const, near: POINT };
    const { items } = await listServices(query);
    expect(names(items)).toEqual([
      "Kherson Tow Reach 40",
      "Kherson Tow Master",
      "Kherson Tow Near 1",
      "Kherson Tow Reach 20",
      "Kherson Tow No Radius",
    ]);
    expect(mine(items).map((item) => item.comesToYou ?? false)).toEqual([true, true, false, false, false]);
    expect(mine(items).map((item) => item.distanceKm)).toEqual([30, 35, 2, 29, 31]);
    const groups = nearGroups(items.map(cardView), query)!;
    expect(names(groups.comesToYou)).toEqual(["Kherson Tow Reach 40", "Kherson Tow Master"]);
    // A station among them: the heading says "come to you here", not "masters".
    expect(groups.mastersOnly).toBe(false);
  });

  it("GET /api/items marks it comesToYou, and the card says how far it comes", async () => {
    const response = await listItems(makeRequest(`/api/items?job=tow_truck&near=${POINT.lat},${POINT.lng}`));
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as {
      items: { name: string; comesToYou?: true; jobRadiusKm?: number }[];
    };
    const byName = new Map(mine(items).map((item) => [item.name, item]));
    expect(byName.get("Kherson Tow Reach 40")).toMatchObject({ comesToYou: true, jobRadiusKm: 40 });
    expect(byName.get("Kherson Tow Reach 20")!.comesToYou).toBeUndefined();
    expect(byName.get("Kherson Tow Reach 20")!.jobRadiusKm).toBe(20);
    expect(byName.get("Kherson Tow No Radius")!.comesToYou).toBeUndefined();
    expect("jobRadiusKm" in byName.get("Kherson Tow No Radius")!).toBe(false);
  });

  it("a keyword naming the tow truck routes the same way, and its matched line says how far it comes", async () => {
    const { items } = await listServices({ page: 1, keyword: "евакуатор", near: POINT });
    expect(names(items).slice(0, 2)).toEqual(["Kherson Tow Reach 40", "Kherson Tow Master"]);
    const reach = mine(items).find((item) => item.name === "Kherson Tow Reach 40")!;
    expect(reach.comesToYou).toBe(true);
    expect(reach.matchedJob).toEqual({ job: "tow_truck", label: "", fromUah: 1500, radiusKm: 40 });
    expect(mine(items).find((item) => item.name === "Kherson Tow Reach 20")!.comesToYou).toBeUndefined();
    expect(mine(items).find((item) => item.name === "Kherson Tow No Radius")!.matchedJob).toEqual({
      job: "tow_truck",
      label: "",
      fromUah: 1200,
    });
  });

  it("sort=nearest lists every one by its own distance; a near search for no job lets no station's tow truck come", async () => {
    const nearest = await listServices({ page: 1, job: "tow_truck", near: POINT, sort: "nearest" });
    expect(names(nearest.items)).toEqual([
      "Kherson Tow Near 1",
      "Kherson Tow Reach 20",
      "Kherson Tow Reach 40",
      "Kherson Tow No Radius",
      "Kherson Tow Master",
    ]);
    expect(nearGroups(nearest.items, { near: POINT, sort: "nearest" })).toBeNull();

    const plain = await listServices({ page: 1, near: POINT });
    expect(
      mine(plain.items)
        .filter((item) => item.comesToYou)
        .map((item) => item.name),
    ).toEqual(["Kherson Tow Master"]);
  });

  it("a tow truck whose base is beyond the nearest candidates still comes, as a far master does", async () => {
    // In Sumy oblast: 40 tow trucks 2 to 4 km away that come 1 km, and one 150 km away that comes 200 km.
    const sumy = { lat: 50.9, lng: 34.8 };
    for (let i = 0; i < 40; i++)
      await tow(`Sumy Tow Near ${i}`, { lat: sumy.lat + (2 + i / 20) / 111.195, lng: sumy.lng }, 700, 1);
    await tow("Sumy Tow Far", { lat: sumy.lat - 150 / 111.195, lng: sumy.lng }, 2000, 200);
    catalogChanged();
    const { items } = await listServices({ page: 1, job: "tow_truck", near: sumy });
    expect(items[0]).toMatchObject({ name: "Sumy Tow Far", comesToYou: true, jobRadiusKm: 200 });
    expect(items[0]!.distanceKm).toBeGreaterThan(140);
    expect(items.slice(1).every((item) => item.name.startsWith("Sumy Tow Near") && !item.comesToYou)).toBe(true);
  });
});
