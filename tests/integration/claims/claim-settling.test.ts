import { describe, expect, it } from "vitest";

import * as claimRoute from "@/app/api/items/[id]/claim/route";
import { PUT as decideRoute } from "@/app/api/items/admin/claims/[claimId]/route";
import { GET as queueRoute } from "@/app/api/items/admin/claims/route";
import { lapseUnpaidClaims } from "@/features/claims/server/claim-payment";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * A verified claim past its 7 days whose claimant started paying within them keeps the place while
 * that payment settles (its settling day): not only for the lapse job and the right to pay, but for
 * everyone who asks who holds the place: the claim box of a second claimant and the admin queue and
 * decision.
 */
const nextAddress = addresses("10.94");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

async function importedPlace() {
  const prisma = await getPrisma();
  return changingCatalog(() =>
    prisma.service.create({
      data: {
        role: "sto",
        source: "osm",
        claimed: false,
        ownerId: null,
        isPaid: false,
        name: "Автосервіс на розрахунку",
        contactMail: "",
        latitude: 49.24,
        longitude: 28.48,
        address: "вул. Соборна, 5, Вінниця",
        timeZone: "Europe/Kyiv",
        hoursKnown: false,
        hoursText: "",
      },
    }),
  );
}

async function person() {
  const user = await makeUser();
  return { ...user, cookie: await signIn(user.email) };
}

describe("a claim in its settling day holds the place for everyone who asks", () => {
  it("a second claimant is told it is held, the admin queue shows its holder, and the decision treats it as the disputed holder", async () => {
    const prisma = await getPrisma();
    const place = await importedPlace();
    const [holder, second] = [await person(), await person()];
    // Claimed 8 days ago and verified half a day later: its 7 days ended 12 hours ago.
    const held = await prisma.serviceClaim.create({
      data: {
        serviceId: place.id,
        userId: holder.id,
        message: "I own it",
        status: "verified",
        verifiedAt: new Date(Date.now() - 7.5 * DAY),
        createdAt: new Date(Date.now() - 8 * DAY),
      },
    });
    // Paying started on its day 6 (18 hours ago, 6.75 days after the verification), still settling.
    await prisma.payment.create({
      data: {
        serviceId: place.id,
        userId: holder.id,
        serviceName: place.name,
        payerEmail: holder.email,
        amount: "3.00",
        currency: "USD",
        provider: "monobank",
        requestId: crypto.randomUUID(),
        createdAt: new Date(Date.now() - 18 * HOUR),
      },
    });
    await lapseUnpaidClaims();
    expect((await prisma.serviceClaim.findUniqueOrThrow({ where: { id: held.id } })).status).toBe("verified");

    // The second claimant's claim box: someone else holds the place.
    const box = await (
      await call(
        claimRoute.GET,
        apiRequest("GET", `/api/items/${place.id}/claim?lng=en`, { cookie: second.cookie }),
        params({ id: place.id }),
      )
    ).json();
    expect(box).toMatchObject({ claim: null, yours: false, held: true });

    // What it told is what happens: their claim is a dispute for an administrator.
    const submitted = await call(
      claimRoute.POST,
      apiRequest("POST", `/api/items/${place.id}/claim?lng=en`, {
        body: { message: "It is mine" },
        cookie: second.cookie,
        ip: nextAddress(),
      }),
      params({ id: place.id }),
    );
    const disputing = await submitted.json();
    expect(disputing).toMatchObject({ status: "pending", dispute: true });

    // The admin queue: the claim being paid is the place's holder the new claim disputes.
    const admin = await makeUser({ isAdmin: true });
    const adminCookie = await signIn(admin.email);
    const queue = await (
      await call(queueRoute, apiRequest("GET", "/api/items/admin/claims", { cookie: adminCookie }))
    ).json();
    const entry = queue.claims.find((item: { _id: string }) => item._id === disputing._id);
    expect(entry).toMatchObject({ dispute: true, holder: { _id: holder.id, email: holder.email } });
    expect(queue.claims.map((item: { _id: string }) => item._id)).toContain(held.id);

    // The decision: approving the dispute takes the place from that holder, as the admin saw it
    // (another claim approved), not as a lapse of a claim that no longer held it.
    const decided = await call(
      decideRoute,
      apiRequest("PUT", `/api/items/admin/claims/${disputing._id}`, {
        body: { decision: "approve", reason: "Papers checked" },
        cookie: adminCookie,
      }),
      params({ claimId: disputing._id }),
    );
    expect(decided.status).toBe(200);
    expect(await prisma.serviceClaim.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      status: "rejected",
      reason: "Claims.autoReason.otherApproved",
    });
    const audit = await prisma.auditLog.findFirst({ where: { action: "claim.approve", targetId: place.id } });
    expect(audit?.details).toMatchObject({ dispute: true, holder: holder.id });
    expect(await prisma.mailOutbox.count({ where: { to: holder.email, kind: "claim.lapsed" } })).toBe(0);
  });
});
