import { beforeAll, describe, expect, it } from "vitest";

import { GET as getItem } from "@/app/api/items/[id]/route";
import { GET as getOwn, PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const ids: Record<string, string> = {};
let ownerCookie = "";

beforeAll(async () => {
  const owner = await makeUser();
  ownerCookie = await signIn(owner.email, "10.21.7.1");
  // Rows written with the first spec's spellings, as a database from before holds them.
  ids.chevrolet = (await makeService({ name: "Brand Old Chevrolet", ownerId: owner.id, brand: "Shevrolet" })).id;
  ids.lada = (await makeService({ name: "Brand Old Lada", ownerId: owner.id, brand: "Waz/Lada" })).id;
  catalogChanged();
});

const publicBrand = async (id: string) =>
  (await (await call(getItem, makeRequest(`/api/items/${id}`), params({ id }))).json()).brand;
const ownBrand = async (id: string) =>
  (
    await (
      await call(getOwn, makeRequest(`/api/items/users/${id}`, { headers: { cookie: ownerCookie } }), params({ id }))
    ).json()
  ).brand;
const put = (id: string, body: unknown) =>
  call(
    updateOwn,
    makeRequest(`/api/items/users/${id}`, {
      method: "PUT",
      headers: { cookie: ownerCookie },
      body: JSON.stringify(body),
    }),
    params({ id }),
  );

describe("brands: Chevrolet and ВАЗ/Lada, the old spellings still read and taken", () => {
  it("a stored old spelling is shown and handed out as the new one, to visitors and to the owner", async () => {
    expect(await publicBrand(ids.chevrolet!)).toBe("Chevrolet");
    expect(await publicBrand(ids.lada!)).toBe("ВАЗ/Lada");
    expect(await ownBrand(ids.chevrolet!)).toBe("Chevrolet");
    expect(await ownBrand(ids.lada!)).toBe("ВАЗ/Lada");
  });

  it("an old spelling sent to the API is accepted and stored as the new; a brand not on the list is a translated 400", async () => {
    expect((await put(ids.lada!, { brand: "Waz/Lada" })).status).toBe(200);
    const prisma = await getPrisma();
    expect((await prisma.service.findUniqueOrThrow({ where: { id: ids.lada! } })).brand).toBe("ВАЗ/Lada");
    expect((await put(ids.chevrolet!, { brand: "Chevrolet" })).status).toBe(200);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: ids.chevrolet! } })).brand).toBe("Chevrolet");

    const bad = await put(ids.chevrolet!, { brand: "Shevrolett" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.brand.message).toMatch(/brand/i);
  });
});
