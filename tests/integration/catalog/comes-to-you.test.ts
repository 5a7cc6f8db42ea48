import { beforeAll, describe, expect, it } from "vitest";

import { GET as getOwn, PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { listServices } from "@/features/catalog/server/list";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/** Around a point in Zhytomyr oblast, far from the other tests' services (Kyiv, Lviv, Vinnytsia). */
const POINT = { lat: 50.25, lng: 28.66 };
const ids: Record<string, string> = {};
let ownerCookie = "";

beforeAll(async () => {
  const prisma = await getPrisma();
  const owner = await makeUser();
  ownerCookie = await signIn(owner.email, "10.21.0.1");
  // ~80 km north-west, travels 100 km: comes to the point.
  ids.farRoaming = (
    await makeService({
      name: "Reach Far Roaming",
      role: "mechanic",
      isOnTheGo: true,
      lat: 50.9,
      lng: 28.1,
      ownerId: owner.id,
      ratings: { ratingAvg: 3, numReviews: 2 },
    })
  ).id;
  // ~5 km away, a station.
  ids.nearStation = (await makeService({ name: "Reach Near Station", lat: 50.29, lng: 28.69 })).id;
  // ~50 km away, travels only 10 km.
  ids.shortRoaming = (
    await makeService({ name: "Reach Short Roaming", role: "mechanic", isOnTheGo: true, lat: 50.7, lng: 28.66 })
  ).id;
  // ~60 km away with a radius but no longer on the go: the radius does not count.
  ids.parked = (
    await makeService({ name: "Reach Parked", role: "mechanic", isOnTheGo: false, lat: 50.79, lng: 28.66 })
  ).id;
  await prisma.service.update({ where: { id: ids.shortRoaming }, data: { serviceRadiusKm: 10 } });
  await prisma.service.update({ where: { id: ids.parked }, data: { serviceRadiusKm: 200 } });
  catalogChanged();
});

describe("near: masters who come to the point", () => {
  it("the master sets the radius through the owner's API, with translated errors for bad values", async () => {
    const put = (body: unknown) =>
      call(
        updateOwn,
        makeRequest(`/api/items/users/${ids.farRoaming}`, {
          method: "PUT",
          headers: { cookie: ownerCookie },
          body: JSON.stringify(body),
        }),
        params({ id: ids.farRoaming! }),
      );
    for (const bad of [0, 301, 12.5, "ten"]) {
      const response = await put({ serviceRadiusKm: bad });
      expect(response.status).toBe(400);
      expect((await response.json()).errors.serviceRadiusKm.message).toBe(
        "Enter a whole number of kilometres from 1 to 300, or leave it empty.",
      );
    }
    expect((await put({ serviceRadiusKm: 100 })).status).toBe(200);
    const own = await (
      await call(
        getOwn,
        makeRequest(`/api/items/users/${ids.farRoaming}`, { headers: { cookie: ownerCookie } }),
        params({ id: ids.farRoaming! }),
      )
    ).json();
    expect(own.serviceRadiusKm).toBe(100);
  });

  it("lists them first, labelled, with their real distance; others by distance", async () => {
    const { items } = await listServices({ page: 1, keyword: "Reach", near: POINT });
    expect(items.map((item) => item.name)).toEqual([
      "Reach Far Roaming",
      "Reach Near Station",
      "Reach Short Roaming",
      "Reach Parked",
    ]);
    expect(items[0]).toMatchObject({ comesToYou: true });
    expect(items[0]!.distanceKm).toBeGreaterThan(75);
    expect(items.slice(1).every((item) => item.comesToYou === undefined)).toBe(true);
  });

  it("finds a master beyond the nearest candidates, and only once", async () => {
    // Twenty stations right at the point push the far master out of the nearest-first scan.
    for (let index = 0; index < 20; index++)
      await makeService({ name: `Reach Crowd ${index}`, lat: POINT.lat + index * 0.0001, lng: POINT.lng });
    catalogChanged();
    const { items, total } = await listServices({ page: 1, keyword: "Reach", near: POINT });
    expect(items[0]!.name).toBe("Reach Far Roaming");
    expect(items.filter((item) => item.name === "Reach Far Roaming")).toHaveLength(1);
    expect(total).toBe(24);
    const second = await listServices({ page: 2, keyword: "Reach", near: POINT });
    expect([...items, ...second.items].map((item) => item._id)).toHaveLength(
      new Set([...items, ...second.items].map((item) => item._id)).size,
    );
  });

  it("without a point nobody 'comes to you'", async () => {
    const { items } = await listServices({ page: 1, keyword: "Reach Far" });
    expect(items[0]!.comesToYou).toBeUndefined();
  });
});
