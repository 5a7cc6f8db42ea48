import { beforeAll, describe, expect, it } from "vitest";

import { GET as getItem } from "@/app/api/items/[id]/route";
import { GET as listItems } from "@/app/api/items/route";
import { GET as getOwn, PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getDatabase, getPrisma } from "@/lib/db/client";
import { openDatabase } from "@/lib/db/connection";
import { applyMigrations, readMigrations } from "@/lib/db/migrations";

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

/** The migration that rewrites the old spellings where brands are stored (services, requests). */
const brandMigration = () => {
  const all = readMigrations();
  const at = all.findIndex((migration) => migration.name.endsWith("_brand_spellings"));
  expect(at).toBeGreaterThan(0);
  return { all, at };
};

describe("brands stored with the old spellings are rewritten to the new", () => {
  it("a service stored as Shevrolet (or Waz/Lada) is found by the keyword Chevrolet (or ВАЗ, or Lada)", async () => {
    const owner = await makeUser();
    const chevrolet = await makeService({ name: "Keyword Old Make One", ownerId: owner.id, brand: "Shevrolet" });
    const lada = await makeService({ name: "Keyword Old Make Two", ownerId: owner.id, brand: "Waz/Lada" });
    // Rows from before the migration: it runs again over them, as on a database that held them.
    const { all, at } = brandMigration();
    await (await getDatabase()).sql.exec(all[at]!.sql);
    const found = async (keyword: string) =>
      (
        (await (await call(listItems, makeRequest(`/api/items?keyword=${encodeURIComponent(keyword)}`))).json()) as {
          items: { _id: string }[];
        }
      ).items.map((item) => item._id);
    expect(await found("Chevrolet")).toContain(chevrolet.id);
    expect(await found("ВАЗ")).toContain(lada.id);
    expect(await found("Lada")).toContain(lada.id);
    expect(await found("Chevrolet")).not.toContain(lada.id);
  });

  it("the migration rewrites services and requests alike and leaves every other make as it was", async () => {
    const db = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      const { all, at } = brandMigration();
      await applyMigrations(db.sql, all.slice(0, at));
      await db.sql.exec(
        `INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "updatedAt") VALUES ('00000000-0000-4000-8000-000000000001', 'Owner', 'o@test.local', 'o@test.local', 'x', now())`,
      );
      const brands: [string, string][] = [
        ["00000000-0000-4000-8000-0000000000a1", "Shevrolet"],
        ["00000000-0000-4000-8000-0000000000a2", "Waz/Lada"],
        ["00000000-0000-4000-8000-0000000000a3", "Audi"],
        ["00000000-0000-4000-8000-0000000000a4", "Any"],
      ];
      for (const [id, brand] of brands) {
        await db.sql.query(
          `INSERT INTO services (id, role, "ownerId", name, "contactMail", latitude, longitude, address, brand, "updatedAt")
           VALUES ($1, 'sto', '00000000-0000-4000-8000-000000000001', 'Old', 'old@test.local', 50, 30, 'Kyiv', $2, now())`,
          [id, brand],
        );
        if (brand !== "Any")
          await db.sql.query(
            `INSERT INTO quote_requests (id, "driverId", job, "carMake", "carModel", "carYear", "carFuel", asap, "expiresAt", "updatedAt")
             VALUES ($1, '00000000-0000-4000-8000-000000000001', 'oil_change', $2, 'Model', 2010, 'petrol', true, now(), now())`,
            [id, brand],
          );
      }
      expect(await applyMigrations(db.sql, all)).toEqual(all.slice(at).map((migration) => migration.name));
      const services = await db.sql.query<{ brand: string }>(`SELECT brand FROM services ORDER BY id`);
      expect(services.map((row) => row.brand)).toEqual(["Chevrolet", "ВАЗ/Lada", "Audi", "Any"]);
      const requests = await db.sql.query<{ carMake: string }>(`SELECT "carMake" FROM quote_requests ORDER BY id`);
      expect(requests.map((row) => row.carMake)).toEqual(["Chevrolet", "ВАЗ/Lada", "Audi"]);
    } finally {
      await db.close();
    }
  });
});
