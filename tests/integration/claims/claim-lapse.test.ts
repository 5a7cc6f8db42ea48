import { describe, expect, it } from "vitest";

import * as claimRoute from "@/app/api/items/[id]/claim/route";
import { POST as verifyRoute } from "@/app/api/items/[id]/claim/verify/route";
import { GET as queueRoute } from "@/app/api/items/admin/claims/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";
import { lapseUnpaidClaims } from "@/features/claims/server/claim-payment";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * A verified claim holds an imported place for 7 days; unpaid after that it lapses, so it cannot
 * keep the real owner out for ever. And the claim box knows before anyone submits whether someone
 * else already holds the place (a claim there goes to an administrator).
 */
const nextAddress = addresses("10.93");
const DAY = 24 * 60 * 60_000;
let counter = 0;

async function importedPlace(contactMail = "") {
  const prisma = await getPrisma();
  counter++;
  return changingCatalog(() =>
    prisma.service.create({
      data: {
        role: "sto",
        source: "osm",
        claimed: false,
        ownerId: null,
        isPaid: false,
        name: `Автосервіс ${counter}`,
        contactMail,
        latitude: 49.24,
        longitude: 28.48,
        address: "вул. Соборна, 3, Вінниця",
        timeZone: "Europe/Kyiv",
        hoursKnown: false,
        hoursText: "",
      },
    }),
  );
}

async function person(locale: "en" | "uk" = "en") {
  const user = await makeUser();
  await (await getPrisma()).user.update({ where: { id: user.id }, data: { locale } });
  return { ...user, cookie: await signIn(user.email) };
}

/** A claim an administrator or a code verified `daysAgo` days ago, still unpaid. */
async function verifiedClaim(serviceId: string, userId: string, daysAgo: number) {
  return (await getPrisma()).serviceClaim.create({
    data: {
      serviceId,
      userId,
      message: "I own it",
      status: "verified",
      verifiedAt: new Date(Date.now() - daysAgo * DAY),
      createdAt: new Date(Date.now() - daysAgo * DAY - 60_000),
    },
  });
}

const claim = (id: string, cookie: string, lng = "en") =>
  call(
    claimRoute.POST,
    apiRequest("POST", `/api/items/${id}/claim?lng=${lng}`, {
      body: { message: "It is mine" },
      cookie,
      ip: nextAddress(),
    }),
    params({ id }),
  );
const myClaim = async (id: string, cookie: string, lng = "en") =>
  (
    await call(claimRoute.GET, apiRequest("GET", `/api/items/${id}/claim?lng=${lng}`, { cookie }), params({ id }))
  ).json();
const verify = (id: string, code: string, cookie: string) =>
  call(
    verifyRoute,
    apiRequest("POST", `/api/items/${id}/claim/verify`, { body: { code }, cookie, ip: nextAddress() }),
    params({ id }),
  );
const payForTest = (id: string, cookie: string) =>
  call(
    payRoute,
    apiRequest("PUT", `/api/items/users/${id}/pay`, { body: { paymentMethod: "test" }, cookie }),
    params({ id }),
  );
const claimRow = async (id: string) => (await getPrisma()).serviceClaim.findUniqueOrThrow({ where: { id } });
const mailsTo = async (to: string, kind: string) =>
  (await getPrisma()).mailOutbox.findMany({ where: { to, kind }, orderBy: { createdAt: "asc" } });
async function codeMailedTo(to: string): Promise<string> {
  const [mail] = (await mailsTo(to, "claim.code")).slice(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

describe("the claim box knows before submitting whether someone holds the place", () => {
  it("held: another person's verified, unpaid claim; an owner; not the viewer's own claim; nobody", async () => {
    const place = await importedPlace("held-before@example.com");
    const [holder, other] = [await person(), await person()];
    expect(await myClaim(place.id, other.cookie)).toMatchObject({ claim: null, yours: false, held: false });
    await verifiedClaim(place.id, holder.id, 1);
    expect(await myClaim(place.id, other.cookie)).toMatchObject({ claim: null, yours: false, held: true });
    // The holder's own view: their claim, and nobody else in the way.
    expect(await myClaim(place.id, holder.cookie)).toMatchObject({ claim: { status: "verified" }, held: false });
    // What it told is what happens: the other's claim goes to an administrator.
    expect(await (await claim(place.id, other.cookie)).json()).toMatchObject({ status: "pending", dispute: true });

    const owner = await person();
    const listing = await makeService({ ownerId: owner.id, name: "СТО з власником" });
    expect(await myClaim(listing.id, other.cookie)).toMatchObject({ yours: false, held: true });
    expect(await myClaim(listing.id, owner.cookie)).toMatchObject({ yours: true, held: false });
  });
});

describe("a verified claim unpaid for 7 days lapses", () => {
  it("within the 7 days it still holds the place: a new claim is a dispute, and its claimant may pay", async () => {
    const place = await importedPlace("fresh-hold@example.com");
    const [holder, other] = [await person(), await person()];
    const held = await verifiedClaim(place.id, holder.id, 6);
    expect(await (await claim(place.id, other.cookie)).json()).toMatchObject({ status: "pending", dispute: true });
    expect((await claimRow(held.id)).status).toBe("verified");
    expect((await payForTest(place.id, holder.cookie)).status).toBe(200);
    expect(await (await getPrisma()).service.findUniqueOrThrow({ where: { id: place.id } })).toMatchObject({
      ownerId: holder.id,
      claimed: true,
    });
  });

  it("after 7 days it no longer holds it: the next claimant gets a code and is verified; the lapsed one cannot pay and is told in their language", async () => {
    const place = await importedPlace("lapsed-hold@example.com");
    const holder = await person("uk");
    const realOwner = await person();
    const stale = await verifiedClaim(place.id, holder.id, 7.01);
    expect(await myClaim(place.id, realOwner.cookie)).toMatchObject({ held: false });

    const answer = await claim(place.id, realOwner.cookie);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ status: "code_sent", dispute: false });
    const right = await verify(place.id, await codeMailedTo("lapsed-hold@example.com"), realOwner.cookie);
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ status: "verified" });

    expect(await claimRow(stale.id)).toMatchObject({ status: "rejected", reason: "Claims.autoReason.notPaidInTime" });
    const lapsedView = await myClaim(place.id, holder.cookie, "uk");
    expect(lapsedView).toMatchObject({ claim: { status: "rejected", lapsed: true }, held: true });
    expect(lapsedView.claim.reason).toContain("7 днів");
    const refused = await payForTest(place.id, holder.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ key: "Claims.payNeedsClaim" });

    const [mail, ...more] = await mailsTo(holder.email, "claim.lapsed");
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ locale: "uk" });
    expect(mail!.subject).toContain(place.name);
    expect(mail!.text).toContain("7 днів");
    expect(mail!.text).toContain(`/ua/service/${place.id}`);
  });

  it("a lapsed claimant cannot pay even before anyone else comes, and may claim the place again", async () => {
    const place = await importedPlace();
    const holder = await person();
    const stale = await verifiedClaim(place.id, holder.id, 8);
    const refused = await payForTest(place.id, holder.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ key: "Claims.payNeedsClaim" });
    // Their own view says it lapsed, before any job has run.
    expect(await myClaim(place.id, holder.cookie)).toMatchObject({
      claim: { _id: stale.id, status: "rejected", lapsed: true },
    });
    expect((await mailsTo(holder.email, "claim.lapsed")).length).toBe(1);
    // No address on the place: the new claim waits for an administrator, as any first claim there.
    expect(await (await claim(place.id, holder.cookie)).json()).toMatchObject({ status: "pending", dispute: false });
  });

  it("a payment started in time and still settling keeps the claim up to a day: the late capture makes the place theirs", async () => {
    const prisma = await getPrisma();
    const [place, abandoned] = [await importedPlace(), await importedPlace()];
    const [holder, walker] = [await person(), await person()];
    const paying = await verifiedClaim(place.id, holder.id, 7.01);
    const walked = await verifiedClaim(abandoned.id, walker.id, 9);
    const started = (serviceId: string, userId: string, hoursAgo: number) =>
      prisma.payment.create({
        data: {
          serviceId,
          userId,
          serviceName: "x",
          payerEmail: "p@example.com",
          amount: "3.00",
          currency: "USD",
          provider: "monobank",
          requestId: crypto.randomUUID(),
          createdAt: new Date(Date.now() - hoursAgo * 60 * 60_000),
        },
      });
    // Started an hour ago, inside the 7 days: the provider's answer is still to come.
    await started(place.id, holder.id, 1);
    // Started two days ago and never settled: the providers give up after a day, so does the hold.
    await started(abandoned.id, walker.id, 48);
    await lapseUnpaidClaims();
    expect(await myClaim(place.id, holder.cookie)).toMatchObject({ claim: { status: "verified", lapsed: false } });
    expect((await claimRow(paying.id)).status).toBe("verified");
    expect(await mailsTo(holder.email, "claim.lapsed")).toHaveLength(0);
    expect(await claimRow(walked.id)).toMatchObject({ status: "rejected", reason: "Claims.autoReason.notPaidInTime" });
    // The claimant's own capture (PayPal's approval comes back to the page) is still theirs to make.
    expect((await payForTest(place.id, holder.cookie)).status).toBe(200);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: place.id } })).toMatchObject({ ownerId: holder.id });
    expect((await claimRow(paying.id)).status).toBe("completed");
  });

  it("the job lapses every claim unpaid for 7 days, mails each claimant once, and leaves fresh ones", async () => {
    const [oldPlace, freshPlace] = [await importedPlace(), await importedPlace()];
    const [a, b] = [await person("uk"), await person()];
    const stale = await verifiedClaim(oldPlace.id, a.id, 10);
    const fresh = await verifiedClaim(freshPlace.id, b.id, 2);
    expect(await lapseUnpaidClaims()).toBeGreaterThanOrEqual(1);
    expect(await claimRow(stale.id)).toMatchObject({ status: "rejected", reason: "Claims.autoReason.notPaidInTime" });
    expect((await claimRow(stale.id)).decidedAt).toBeInstanceOf(Date);
    expect((await claimRow(fresh.id)).status).toBe("verified");
    await lapseUnpaidClaims();
    const mails = await mailsTo(a.email, "claim.lapsed");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: "uk" });
    expect(await mailsTo(b.email, "claim.lapsed")).toHaveLength(0);

    // The admin queue no longer lists the lapsed claim, nor shows it as the place's holder.
    const admin = await makeUser({ isAdmin: true });
    const adminCookie = await signIn(admin.email);
    const queue = await (
      await call(queueRoute, apiRequest("GET", "/api/items/admin/claims", { cookie: adminCookie }))
    ).json();
    const ids = queue.claims.map((entry: { _id: string }) => entry._id);
    expect(ids).not.toContain(stale.id);
  });
});
