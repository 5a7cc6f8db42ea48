import { beforeAll, describe, expect, it } from "vitest";

import { GET as getItem } from "@/app/api/items/[id]/route";
import { PUT as blockServiceRoute } from "@/app/api/items/admin/[id]/block/route";
import { DELETE as deleteServiceRoute, PUT as updateServiceRoute } from "@/app/api/items/admin/[id]/route";
import { GET as listServicesRoute } from "@/app/api/items/admin/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { makeImportedPlace } from "../../helpers/osm-places";
import { apiRequest, call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

let cookie = "";
let placeId = "";

beforeAll(async () => {
  const admin = await makeUser({ isAdmin: true });
  cookie = await signIn(admin.email);
  placeId = (await makeImportedPlace({ name: "Вулканізація На Трасі" })).id;
  await makeService({ name: "Owned Station" });
});

const adminList = async (query = "") =>
  (await call(listServicesRoute, apiRequest("GET", `/api/items/admin${query}`, { cookie }))).json();

describe("admins and a place nobody has claimed", () => {
  it("lists it, with no owner and marked unclaimed, and finds it by name", async () => {
    const all = await adminList();
    expect(all.stos).toHaveLength(2);
    const place = all.stos.find((sto: { _id: string }) => sto._id === placeId);
    expect(place).toMatchObject({ user: null, userName: null, claimed: false, name: "Вулканізація На Трасі" });
    expect(all.stos.find((sto: { _id: string }) => sto._id !== placeId)).toMatchObject({
      claimed: true,
      userName: expect.any(String),
    });
    const found = await adminList(`?keyword=${encodeURIComponent("вулканізація")}`);
    expect(found.stos.map((sto: { _id: string }) => sto._id)).toEqual([placeId]);
  });

  it("blocks, edits and deletes it", async () => {
    const block = () =>
      call(
        blockServiceRoute,
        apiRequest("PUT", `/api/items/admin/${placeId}/block`, { cookie }),
        params({ id: placeId }),
      );
    expect((await (await block()).json()).isBlocked).toBe(true);
    expect((await getItem(makeRequest(`/api/items/${placeId}`), params({ id: placeId }))).status).toBe(404);
    expect((await (await block()).json()).isBlocked).toBe(false);

    const renamed = await call(
      updateServiceRoute,
      apiRequest("PUT", `/api/items/admin/${placeId}`, { body: { name: "Вулканізація Біля Мосту" }, cookie }),
      params({ id: placeId }),
    );
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ user: null, claimed: false, name: "Вулканізація Біля Мосту" });

    const deleted = await call(
      deleteServiceRoute,
      apiRequest("DELETE", `/api/items/admin/${placeId}`, { cookie }),
      params({ id: placeId }),
    );
    expect(deleted.status).toBe(200);
    const prisma = await getPrisma();
    expect(await prisma.service.count({ where: { id: placeId } })).toBe(0);
    // The OpenStreetMap layer keeps the place as imported; it just has no listing now.
    expect(await prisma.osmPlace.count({ where: { serviceId: null } })).toBe(1);
  });
});
