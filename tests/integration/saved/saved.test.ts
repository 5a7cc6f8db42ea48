import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";

import { GET as exportRoute } from "@/app/api/users/profile/export/route";
import { removeAccount } from "@/features/my-account/server/account-removal";
import { SAVED_MAX } from "@/features/saved/rules";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { call, makeRequest } from "../../helpers/request";
import {
  addSaved,
  idsOf,
  listSaved,
  makeService,
  manyStations,
  mergeSaved,
  person,
  readCards,
  removeSaved,
  savedRows,
} from "./api";

/**
 * The Saved list on the account (GET/POST/PUT /api/users/saved, DELETE /api/users/saved/{id}):
 * only the signed-in person's own list, only published services shown, merges that can be sent
 * again, at most a hundred services.
 */
describe("who may use the Saved list on the account", () => {
  it("refuses visitors with a translated 401 on every route", async () => {
    const station = await makeService();
    for (const result of [
      await listSaved(null, "uk"),
      await addSaved(null, { id: station.id }, "uk"),
      await mergeSaved(null, { ids: [station.id] }, "uk"),
      await removeSaved(null, station.id, "uk"),
    ]) {
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ key: "Auth.signInRequired" });
      expect(result.body.message).toMatch(/[а-яі]/i);
    }
    expect(await (await getPrisma()).savedService.count({ where: { serviceId: station.id } })).toBe(0);
  });

  it("refuses a user an admin has blocked, whose session no longer counts", async () => {
    const someone = await person();
    const station = await makeService();
    expect((await addSaved(someone, { id: station.id })).status).toBe(200);
    await (await getPrisma()).user.update({ where: { id: someone.id }, data: { isBlocked: true } });
    expect((await listSaved(someone)).status).toBe(401);
    expect((await addSaved(someone, { id: (await makeService()).id })).status).toBe(401);
    expect((await mergeSaved(someone, { ids: [] })).status).toBe(401);
    expect((await removeSaved(someone, station.id)).status).toBe(401);
    expect(await savedRows(someone.id)).toEqual([station.id]);
  });

  it("a user saves, lists and removes their own services, each write idempotent", async () => {
    const driver = await person();
    const [a, b] = [await makeService({ name: "Saved A" }), await makeService({ name: "Saved B" })];
    expect(await listSaved(driver)).toMatchObject({ status: 200, body: { items: [] } });
    expect((await addSaved(driver, { id: a.id })).status).toBe(200);
    expect((await addSaved(driver, { id: b.id })).status).toBe(200);
    expect((await addSaved(driver, { id: a.id.toUpperCase() })).status).toBe(200);
    const listed = await listSaved(driver);
    expect(idsOf(listed.body)).toEqual([a.id, b.id]);
    // What the device keeps to show the list offline, and the status the list shows now.
    expect((listed.body.items as Record<string, unknown>[])[0]).toMatchObject({
      _id: a.id,
      name: "Saved A",
      address: a.address,
      coordinates: { lat: a.latitude, lng: a.longitude },
      contactPhone1: a.contactPhone1,
      contactMail: a.contactMail,
      openNow: expect.any(Boolean),
      timeZone: "Europe/Kyiv",
    });
    expect(typeof listed.body.at).toBe("string");
    expect((await removeSaved(driver, a.id)).status).toBe(200);
    expect((await removeSaved(driver, a.id)).status).toBe(200);
    expect(idsOf((await listSaved(driver)).body)).toEqual([b.id]);
  });

  it("another user neither sees nor touches my list, whatever the body names", async () => {
    const me = await person();
    const other = await person();
    const station = await makeService();
    await addSaved(me, { id: station.id });
    expect(idsOf((await listSaved(other)).body)).toEqual([]);
    expect((await removeSaved(other, station.id)).status).toBe(200);
    const stranger = await makeService();
    expect((await addSaved(other, { id: stranger.id, userId: me.id })).status).toBe(200);
    expect((await mergeSaved(other, { ids: [stranger.id], userId: me.id })).status).toBe(200);
    expect(await savedRows(me.id)).toEqual([station.id]);
    expect(await savedRows(other.id)).toEqual([stranger.id]);
  });

  it("an admin has their own list like anyone, and no way into another person's", async () => {
    const admin = await person({ isAdmin: true });
    const driver = await person();
    const [mine, theirs] = [await makeService(), await makeService()];
    await addSaved(driver, { id: theirs.id });
    expect((await addSaved(admin, { id: mine.id })).status).toBe(200);
    expect(idsOf((await listSaved(admin)).body)).toEqual([mine.id]);
    expect((await removeSaved(admin, theirs.id)).status).toBe(200);
    expect(await savedRows(driver.id)).toEqual([theirs.id]);
  });
});

describe("what the list holds", () => {
  it("merging a device's list is idempotent: the account's order first, the device's new ones after", async () => {
    const driver = await person();
    const [a, b, c] = [await makeService(), await makeService(), await makeService()];
    await addSaved(driver, { id: b.id });
    const first = await mergeSaved(driver, { ids: [a.id, b.id, c.id] });
    expect(first.status).toBe(200);
    expect(idsOf(first.body)).toEqual([b.id, a.id, c.id]);
    expect(first.body.notAdded).toEqual([]);
    const again = await mergeSaved(driver, { ids: [a.id, b.id, c.id] });
    expect(idsOf(again.body)).toEqual([b.id, a.id, c.id]);
    expect(await savedRows(driver.id)).toEqual([b.id, a.id, c.id]);
    // An empty device asks for the account's list and changes nothing.
    expect(idsOf((await mergeSaved(driver, { ids: [] })).body)).toEqual([b.id, a.id, c.id]);
  });

  it("ignores ids of services unknown, unpublished or blocked, without an error", async () => {
    const driver = await person();
    const published = await makeService();
    const draft = await makeService({ isPaid: false });
    const blocked = await makeService({ isBlocked: true });
    const result = await mergeSaved(driver, { ids: [randomUUID(), draft.id, published.id, blocked.id] });
    expect(result.status).toBe(200);
    expect(idsOf(result.body)).toEqual([published.id]);
    expect(await savedRows(driver.id)).toEqual([published.id]);
    // Saving one such service alone is a translated 404: there is nothing to save.
    const alone = await addSaved(driver, { id: draft.id }, "uk");
    expect(alone).toMatchObject({ status: 404, body: { key: "Api.notFound" } });
    expect((await addSaved(driver, { id: randomUUID() })).status).toBe(404);
  });

  it("refuses bad ids with a translated 400, never a 500", async () => {
    const driver = await person();
    for (const body of [{ id: "nope" }, { id: 5 }, {}, { id: "'; DROP TABLE users; --" }]) {
      const result = await addSaved(driver, body, "uk");
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(/[а-яі]/i);
    }
    for (const body of [{ ids: "x" }, { ids: ["nope"] }, { ids: Array.from({ length: SAVED_MAX + 1 }, randomUUID) }]) {
      expect((await mergeSaved(driver, body, "uk")).status).toBe(400);
    }
    for (const id of ["nope", "%00", "1".repeat(400)]) expect((await removeSaved(driver, id, "uk")).status).toBe(400);
  });

  it(`holds at most ${SAVED_MAX} services: one more is a translated 409, a merge adds what fits`, async () => {
    const driver = await person();
    const stations = await manyStations(SAVED_MAX + 2);
    const full = stations.slice(0, SAVED_MAX);
    const merged = await mergeSaved(driver, { ids: full });
    expect(merged.status).toBe(200);
    expect(idsOf(merged.body)).toHaveLength(SAVED_MAX);

    const refused = await addSaved(driver, { id: stations[SAVED_MAX]! }, "uk");
    expect(refused).toMatchObject({ status: 409, body: { key: "Cart.full" } });
    expect(refused.body.message).toMatch(/100/);
    // Saving one already saved is no new row, so it is no refusal either.
    expect((await addSaved(driver, { id: full[0]! })).status).toBe(200);

    await removeSaved(driver, full[0]!);
    const partly = await mergeSaved(driver, { ids: stations.slice(SAVED_MAX) });
    expect(partly.status).toBe(200);
    expect(idsOf(partly.body)).toHaveLength(SAVED_MAX);
    expect(idsOf(partly.body).at(-1)).toBe(stations[SAVED_MAX]);
    expect(partly.body.notAdded).toEqual([stations[SAVED_MAX + 1]]);
    expect(await savedRows(driver.id)).toHaveLength(SAVED_MAX);
  });

  it("a service deleted leaves every list; one blocked or hidden keeps its row and comes back when shown again", async () => {
    const driver = await person();
    const [gone, blocked, hidden] = [await makeService(), await makeService(), await makeService()];
    await mergeSaved(driver, { ids: [gone.id, blocked.id, hidden.id] });
    const prisma = await getPrisma();
    await changingCatalog(() => prisma.service.delete({ where: { id: gone.id } }));
    expect(await savedRows(driver.id)).toEqual([blocked.id, hidden.id]);
    await changingCatalog(() => prisma.service.update({ where: { id: blocked.id }, data: { isBlocked: true } }));
    await changingCatalog(() => prisma.service.update({ where: { id: hidden.id }, data: { hiddenAt: new Date() } }));
    expect(idsOf((await listSaved(driver)).body)).toEqual([]);
    expect(await savedRows(driver.id)).toEqual([blocked.id, hidden.id]);
    await changingCatalog(() => prisma.service.update({ where: { id: blocked.id }, data: { isBlocked: false } }));
    expect(idsOf((await listSaved(driver)).body)).toEqual([blocked.id]);
  });
});

describe("the Saved list is the person's data", () => {
  it("is in their data export", async () => {
    const driver = await person();
    const station = await makeService({ name: "Exported Saved Station" });
    await addSaved(driver, { id: station.id });
    const response = await call(
      exportRoute,
      makeRequest("/api/users/profile/export", { headers: { cookie: driver.cookie } }),
    );
    const data = (await response.json()) as { saved: { serviceId: string; name: string; savedAt: string }[] };
    expect(data.saved).toEqual([
      { serviceId: station.id, name: "Exported Saved Station", savedAt: expect.any(String) },
    ]);
  });

  it("goes with the account, also when the account stays as a tombstone for a paid station", async () => {
    const prisma = await getPrisma();
    const plain = await person();
    const owner = await person();
    await makeService({ ownerId: owner.id, isPaid: true });
    const station = await makeService();
    for (const who of [plain, owner]) await addSaved(who, { id: station.id });
    await prisma.$transaction((tx) => removeAccount(tx, plain.id));
    await prisma.$transaction((tx) => removeAccount(tx, owner.id));
    expect(await prisma.user.count({ where: { id: owner.id } })).toBe(1);
    expect(await prisma.savedService.count({ where: { userId: { in: [plain.id, owner.id] } } })).toBe(0);
  });

  it("a station removed with its owner's account leaves other people's lists", async () => {
    const prisma = await getPrisma();
    const owner = await person();
    const draft = await makeService({ ownerId: owner.id, isPaid: false, role: "mechanic" });
    const driver = await person();
    await addSaved(driver, { id: draft.id });
    await prisma.$transaction((tx) => removeAccount(tx, owner.id));
    expect(await savedRows(driver.id)).toEqual([]);
  });
});

describe("GET /api/items/cards: fresh status and contacts of saved services, signed out too", () => {
  it("answers the published ones of the ids asked, in their order, cached like other public reads", async () => {
    const [a, b] = [await makeService({ name: "Card A" }), await makeService({ name: "Card B" })];
    const draft = await makeService({ isPaid: false });
    const result = await readCards(`?ids=${b.id},${randomUUID()},${a.id},${draft.id},${b.id.toUpperCase()}`);
    expect(result.status).toBe(200);
    expect(idsOf(result.body)).toEqual([b.id, a.id]);
    expect((result.body.items as Record<string, unknown>[])[0]).toMatchObject({
      name: "Card B",
      contactPhone1: b.contactPhone1,
      openNow: expect.any(Boolean),
    });
    expect(result.body.items as Record<string, unknown>[]).not.toContainEqual(
      expect.objectContaining({ ownerId: expect.anything() }),
    );
    expect(result.cacheControl).toMatch(/^public, max-age=\d+/);
  });

  it("refuses bad ids with a translated 400, never a 500", async () => {
    const many = Array.from({ length: SAVED_MAX + 1 }, randomUUID).join(",");
    for (const query of [
      "",
      "?ids=",
      "?ids=nope",
      "?ids=,,,",
      `?ids=${many}`,
      "?ids=%00",
      `?ids=${"a".repeat(5000)}`,
    ]) {
      const result = await readCards(query, "uk");
      expect(result.status, query.slice(0, 40)).toBe(400);
      expect(result.body.key).toBe("Cart.ids");
      expect(result.body.message).toMatch(/[а-яі]/i);
    }
  });
});
