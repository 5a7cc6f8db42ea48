import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as claimRoute from "@/app/api/items/[id]/claim/route";
import { GET as queueRoute } from "@/app/api/items/admin/claims/route";
import { EMAIL_STABLE_MS } from "@/features/osm/email-age";
import { importOverpass } from "@/features/osm/server/run";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";
import { answer, node } from "./helpers";

/**
 * Proof of owning an imported place is a code to its OpenStreetMap e-mail, which anyone may edit:
 * only an address that has stood unchanged for EMAIL_STABLE_MS gets a code or becomes the
 * listing's contact mail; a claim on a place whose address is newer goes to an admin, who is told.
 */
const run = (body: unknown) => importOverpass(body, { trigger: "cli", origin: "test.json", geocode: 0 });
const nextAddress = addresses("10.93");
const LONG_AGO = "2025-03-01T10:00:00Z";
/** The place's own address, one per test (the outbox keeps every test's mail). */
let OWNER = "";
const ATTACKER = "attacker@evil.example.com";

/** A place as `out meta` gives it: with the time of its last edit on OpenStreetMap. */
const edited = (id: number, tags: Record<string, string>, timestamp?: string) => ({
  ...node(id, tags),
  ...(timestamp ? { timestamp } : {}),
});

async function listingOf(osmId: number) {
  const prisma = await getPrisma();
  const place = await prisma.osmPlace.findUniqueOrThrow({
    where: { osmType_osmId: { osmType: "node", osmId: BigInt(osmId) } },
    include: { service: true },
  });
  return place.service!;
}

async function claimAs(serviceId: string, lng = "en") {
  const user = await makeUser();
  const cookie = await signIn(user.email);
  const response = await call(
    claimRoute.POST,
    apiRequest("POST", `/api/items/${serviceId}/claim?lng=${lng}`, {
      body: { message: "I own this tyre shop" },
      cookie,
      ip: nextAddress(),
    }),
    params({ id: serviceId }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const codesTo = async (to: string) => (await getPrisma()).mailOutbox.count({ where: { to, kind: "claim.code" } });

/** Time passing for one place: its address first seen `ms` earlier than the import recorded. */
async function age(osmId: number, ms: number) {
  await (
    await getPrisma()
  ).$executeRaw`
    UPDATE osm_places SET "emailSince" = "emailSince" - ${ms} * interval '1 millisecond' WHERE "osmId" = ${osmId}`;
}

let adminCookie = "";
async function queueFlag(claimId: unknown): Promise<unknown> {
  const response = await call(queueRoute, apiRequest("GET", "/api/items/admin/claims", { cookie: adminCookie }));
  expect(response.status).toBe(200);
  const { claims } = (await response.json()) as { claims: { _id: string; addressChangedRecently: boolean }[] };
  return claims.find((claim) => claim._id === claimId)?.addressChangedRecently;
}

beforeAll(async () => {
  setEnv({ OSM_GEOCODE_PER_RUN: "0" });
  adminCookie = await signIn((await makeUser({ isAdmin: true })).email);
});

let test = 0;
beforeEach(async () => {
  OWNER = `owner${++test}@tyres.example.com`;
  const prisma = await getPrisma();
  await prisma.$executeRawUnsafe(`DELETE FROM osm_places`);
  await prisma.$executeRawUnsafe(`DELETE FROM services WHERE source = 'osm'`);
});

describe("a claim by code on an imported place", () => {
  it("sends the code to an address OpenStreetMap has held unchanged for weeks (its last edit long ago)", async () => {
    await run(answer(edited(5001, { email: OWNER }, LONG_AGO)));
    const listing = await listingOf(5001);
    expect(listing.contactMail).toBe(OWNER);
    const claim = await claimAs(listing.id);
    expect(claim).toMatchObject({ status: 201, body: { status: "code_sent", sentTo: "o***@tyres.example.com" } });
    expect(await codesTo(OWNER)).toBe(1);
    expect(await queueFlag(claim.body._id)).toBe(false);
  });

  it("does not let a fresh edit of the e-mail tag take the place: no code to it, the listing keeps its mail, an admin decides and is told", async () => {
    await run(answer(edited(5002, { email: OWNER }, LONG_AGO)));
    // The attacker edits the tag on OpenStreetMap; the next import sees it, with that edit's time.
    await run(answer(edited(5002, { email: ATTACKER }, new Date(Date.now() - 60_000).toISOString())));
    const listing = await listingOf(5002);
    expect(listing.contactMail).toBe(OWNER);

    const claim = await claimAs(listing.id, "uk");
    expect(claim).toMatchObject({ status: 201, body: { status: "pending", sentTo: null } });
    expect(await codesTo(ATTACKER)).toBe(0);
    expect(await codesTo(OWNER)).toBe(0);
    expect(await queueFlag(claim.body._id)).toBe(true);

    // A tag change without the edit's time (a saved answer without meta) counts from this run.
    await run(answer(edited(5002, { "contact:email": ATTACKER })));
    expect((await listingOf(5002)).contactMail).toBe(OWNER);
  });

  it("takes the new address once it has stood for the whole period: the listing's mail, then a code to it", async () => {
    await run(answer(edited(5003, { email: OWNER }, LONG_AGO)));
    const moved = answer(edited(5003, { email: "new.owner@tyres.example.com" }, new Date().toISOString()));
    await run(moved);
    expect((await listingOf(5003)).contactMail).toBe(OWNER);
    await age(5003, EMAIL_STABLE_MS - 60 * 60_000);
    await run(moved);
    expect((await listingOf(5003)).contactMail).toBe(OWNER);

    await age(5003, 2 * 60 * 60_000);
    // The same answer again: nothing else changed, the address has now stood long enough.
    await run(moved);
    const listing = await listingOf(5003);
    expect(listing.contactMail).toBe("new.owner@tyres.example.com");
    const claim = await claimAs(listing.id);
    expect(claim.body).toMatchObject({ status: "code_sent", sentTo: "n***@tyres.example.com" });
    expect(await codesTo("new.owner@tyres.example.com")).toBe(1);
  });

  it("counts a place first seen without the time of its last edit as new: an admin decides until it has stood", async () => {
    await run(answer(edited(5004, { email: OWNER })));
    const listing = await listingOf(5004);
    const first = await claimAs(listing.id);
    expect(first.body).toMatchObject({ status: "pending" });
    expect(await codesTo(OWNER)).toBe(0);
    expect(await queueFlag(first.body._id)).toBe(true);

    await age(5004, EMAIL_STABLE_MS + 60_000);
    expect(await queueFlag(first.body._id)).toBe(false);
    expect((await claimAs(listing.id)).body).toMatchObject({ status: "code_sent" });
    expect(await codesTo(OWNER)).toBe(1);
  });

  it("keeps the time an address was first seen when other tags change", async () => {
    await run(answer(edited(5005, { email: OWNER }, LONG_AGO)));
    const prisma = await getPrisma();
    const since = async () =>
      (await prisma.osmPlace.findFirstOrThrow({ where: { osmId: BigInt(5005) } })).emailSince.getTime();
    const before = await since();
    expect(before).toBe(Date.parse(LONG_AGO));
    await run(answer(edited(5005, { email: OWNER, phone: "0441234567" }, new Date().toISOString())));
    expect(await since()).toBe(before);
    expect((await claimAs((await listingOf(5005)).id)).body).toMatchObject({ status: "code_sent" });
  });
});
