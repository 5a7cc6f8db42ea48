import { beforeAll, describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { GET as itemRoute } from "@/app/api/items/[id]/route";
import { PUT as blockServiceRoute } from "@/app/api/items/admin/[id]/block/route";
import { GET as locationsRoute } from "@/app/api/items/locations/route";
import { GET as itemsRoute } from "@/app/api/items/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";
import { DELETE as deleteOwnRoute, PUT as updateOwnRoute } from "@/app/api/items/users/[id]/route";
import { POST as orderRoute } from "@/app/api/items/users/sto-order/route";
import { DELETE as deleteUserRoute, PUT as updateUserRoute } from "@/app/api/users/[id]/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { bumpCatalogVersion } from "@/lib/cache/version";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { STATION_INPUT } from "../../helpers/service-input";
import { signIn } from "../../helpers/sign-in";

/**
 * Public reads are kept in memory for a few seconds (lib/cache/read-cache.ts). Whoever writes
 * must see the change on the very next read: each kind of write is checked right after a read
 * that filled the cache.
 */
const send = (method: string, path: string, body: unknown, cookie: string) =>
  makeRequest(path, { method, headers: { cookie }, body: JSON.stringify(body) });

const list = async (keyword: string) =>
  (await (await call(itemsRoute, makeRequest(`/api/items?keyword=${encodeURIComponent(keyword)}`))).json()) as {
    items: { _id: string; name: string; rating: { avg: number } }[];
  };
const detail = async (id: string) => {
  const response = await call(itemRoute, makeRequest(`/api/items/${id}`), params({ id }));
  return {
    status: response.status,
    body:
      response.status === 200
        ? ((await response.json()) as { name: string; numReviews: number; reviews: { name: string }[] })
        : null,
  };
};
const mapTotal = async () =>
  ((await (await call(locationsRoute, makeRequest("/api/items/locations"))).json()) as { total: number }).total;

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const role of ["owner", "reviewer", "admin"] as const) {
    const user = await makeUser({ isAdmin: role === "admin", name: `Cache ${role}` });
    ids[role] = user.id;
    cookies[role] = await signIn(user.email);
  }
});

describe("read cache: a write shows on the next read", () => {
  it("a paid station appears in lists and on the map; its edit and deletion show at once", async () => {
    expect((await list("Kesh")).items).toEqual([]);
    const mapBefore = await mapTotal();
    const order = await (
      await call(
        orderRoute,
        send("POST", "/api/items/users/sto-order", { ...STATION_INPUT, name: "Kesh Garage" }, cookies.owner!),
      )
    ).json();
    expect(
      (
        await call(
          payRoute,
          send("PUT", `/api/items/users/${order._id}/pay`, { paymentMethod: "test" }, cookies.owner!),
          params({ id: order._id }),
        )
      ).status,
    ).toBe(200);
    expect((await list("Kesh")).items.map((item) => item.name)).toEqual(["Kesh Garage"]);
    expect(await mapTotal()).toBe(mapBefore + 1);

    expect((await detail(order._id)).body?.name).toBe("Kesh Garage");
    expect(
      (
        await call(
          updateOwnRoute,
          send("PUT", `/api/items/users/${order._id}`, { name: "Kesh Garage Pro" }, cookies.owner!),
          params({ id: order._id }),
        )
      ).status,
    ).toBe(200);
    expect((await detail(order._id)).body?.name).toBe("Kesh Garage Pro");
    expect((await list("Kesh")).items.map((item) => item.name)).toEqual(["Kesh Garage Pro"]);

    expect(
      (
        await call(
          deleteOwnRoute,
          makeRequest(`/api/items/users/${order._id}`, { method: "DELETE", headers: { cookie: cookies.owner! } }),
          params({ id: order._id }),
        )
      ).status,
    ).toBe(200);
    expect((await detail(order._id)).status).toBe(404);
    expect((await list("Kesh")).items).toEqual([]);
    expect(await mapTotal()).toBe(mapBefore);
  });

  it("a review changes the rating, and a new name shows with the review", async () => {
    const service = await makeService({ name: "Cachedreview Motors", role: "mechanic" });
    expect((await detail(service.id)).body?.numReviews).toBe(0);
    expect((await list("Cachedreview")).items[0]?.rating.avg).toBe(0);
    expect(
      (
        await call(
          reviewRoute,
          send(
            "POST",
            `/api/items/${service.id}/reviews`,
            { rating: { quality: 5, speed: 5, price: 5 } },
            cookies.reviewer!,
          ),
          params({ id: service.id }),
        )
      ).status,
    ).toBe(201);
    expect((await detail(service.id)).body?.numReviews).toBe(1);
    expect((await list("Cachedreview")).items[0]?.rating.avg).toBe(5);

    expect(
      (await call(profileRoute, send("PUT", "/api/users/profile", { name: "Renamed Reviewer" }, cookies.reviewer!)))
        .status,
    ).toBe(200);
    expect((await detail(service.id)).body?.reviews.map((review) => review.name)).toEqual(["Renamed Reviewer"]);
    expect(
      (
        await call(
          updateUserRoute,
          send("PUT", `/api/users/${ids.reviewer}`, { name: "Named By Admin" }, cookies.admin!),
          params({ id: ids.reviewer! }),
        )
      ).status,
    ).toBe(200);
    expect((await detail(service.id)).body?.reviews.map((review) => review.name)).toEqual(["Named By Admin"]);

    expect(
      (
        await call(
          deleteUserRoute,
          makeRequest(`/api/users/${ids.reviewer}`, { method: "DELETE", headers: { cookie: cookies.admin! } }),
          params({ id: ids.reviewer! }),
        )
      ).status,
    ).toBe(200);
    expect((await detail(service.id)).body?.numReviews).toBe(0);
  });

  it("a blocked service leaves lists and its page at once, and comes back when unblocked", async () => {
    const service = await makeService({ name: "Cacheblock Auto", role: "mechanic" });
    expect((await list("Cacheblock")).items).toHaveLength(1);
    const block = () =>
      call(
        blockServiceRoute,
        makeRequest(`/api/items/admin/${service.id}/block`, { method: "PUT", headers: { cookie: cookies.admin! } }),
        params({ id: service.id }),
      );
    expect((await block()).status).toBe(200);
    expect((await list("Cacheblock")).items).toEqual([]);
    expect((await detail(service.id)).status).toBe(404);
    expect((await block()).status).toBe(200);
    expect((await list("Cacheblock")).items).toHaveLength(1);
  });
});

describe("read cache: a write acknowledged by another instance", () => {
  it("is seen on the next read here, through the catalogue version in the database", async () => {
    const service = await makeService({ name: "Elsewhere Garage" });
    expect((await list("Elsewhere")).items.map((item) => item.name)).toEqual(["Elsewhere Garage"]);
    // Another instance renames it: its own write, then the version bump, as changingCatalog() does there.
    const prisma = await getPrisma();
    await prisma.service.update({ where: { id: service.id }, data: { name: "Elsewhere Motors" } });
    await bumpCatalogVersion();
    expect((await list("Elsewhere")).items.map((item) => item.name)).toEqual(["Elsewhere Motors"]);
  });
});
