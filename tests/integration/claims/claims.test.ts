import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POST as startOrderRoute } from "@/app/api/etc/paypal/orders/route";
import * as claimRoute from "@/app/api/items/[id]/claim/route";
import { POST as verifyRoute } from "@/app/api/items/[id]/claim/verify/route";
import { PUT as decideRoute } from "@/app/api/items/admin/claims/[claimId]/route";
import { GET as queueRoute } from "@/app/api/items/admin/claims/route";
import { PUT as payRoute } from "@/app/api/items/users/[id]/pay/route";
import { listOwnStations } from "@/features/listings/server/listings";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { makeService, makeUser } from "../../helpers/factories";
import { startFakePaypal, type FakePaypal } from "../../helpers/fake-paypal";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn, viewerOf } from "../../helpers/sign-in";

/**
 * Claiming imported places: by a code to the place's e-mail, through the admin queue, disputes on
 * held listings, the race for one holder, and the payment that makes the place the claimant's.
 * Places are written as the import writes them (no owner, source osm, unpaid).
 */
const nextAddress = addresses("10.91");
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
        name: `Шиномонтаж ${counter}`,
        contactMail,
        latitude: 49.24,
        longitude: 28.48,
        address: "вул. Київська, 10, Вінниця",
        timeZone: "Europe/Kyiv",
        hoursKnown: false,
        hoursText: "by appointment",
      },
    }),
  );
}

async function person(overrides: { isAdmin?: boolean; locale?: "en" | "uk" } = {}) {
  const user = await makeUser({ isAdmin: overrides.isAdmin });
  if (overrides.locale)
    await (await getPrisma()).user.update({ where: { id: user.id }, data: { locale: overrides.locale } });
  return { ...user, cookie: await signIn(user.email) };
}

const claim = (id: string, body: unknown, cookie?: string, lng = "en") =>
  call(
    claimRoute.POST,
    apiRequest("POST", `/api/items/${id}/claim?lng=${lng}`, { body, cookie, ip: nextAddress() }),
    params({ id }),
  );
const myClaim = (id: string, cookie?: string) =>
  call(claimRoute.GET, apiRequest("GET", `/api/items/${id}/claim`, { cookie }), params({ id }));
const verify = (id: string, code: unknown, cookie?: string, lng = "en") =>
  call(
    verifyRoute,
    apiRequest("POST", `/api/items/${id}/claim/verify?lng=${lng}`, { body: { code }, cookie, ip: nextAddress() }),
    params({ id }),
  );
const queue = (cookie?: string, query = "") =>
  call(queueRoute, apiRequest("GET", `/api/items/admin/claims${query}`, { cookie }));
const decide = (claimId: string, body: unknown, cookie?: string) =>
  call(decideRoute, apiRequest("PUT", `/api/items/admin/claims/${claimId}`, { body, cookie }), params({ claimId }));
const payForTest = (id: string, cookie: string) =>
  call(
    payRoute,
    apiRequest("PUT", `/api/items/users/${id}/pay`, { body: { paymentMethod: "test" }, cookie }),
    params({ id }),
  );

/** The newest mail of a kind to an address. */
async function mailTo(to: string, kind: string) {
  return (await getPrisma()).mailOutbox.findFirst({ where: { to, kind }, orderBy: { createdAt: "desc" } });
}
async function codeMailedTo(to: string): Promise<string> {
  const mail = await mailTo(to, "claim.code");
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
const service = async (id: string) => (await getPrisma()).service.findUniqueOrThrow({ where: { id } });
const claimRow = async (id: string) => (await getPrisma()).serviceClaim.findUniqueOrThrow({ where: { id } });

describe("claim by a code to the place's e-mail", () => {
  it("mails a code to the place's address in the claimant's language, and the right code verifies the claim once", async () => {
    const place = await importedPlace("master.tyres@example.com");
    const claimant = await person({ locale: "uk" });
    const answer = await claim(place.id, { message: "Я власник, Петро" }, claimant.cookie);
    expect(answer.status).toBe(201);
    const body = await answer.json();
    expect(body).toMatchObject({ status: "code_sent", sentTo: "m***@example.com", dispute: false, triesLeft: 5 });

    const mail = await mailTo("master.tyres@example.com", "claim.code");
    expect(mail).toMatchObject({ locale: "uk" });
    expect(mail!.subject).toContain(place.name);
    const code = await codeMailedTo("master.tyres@example.com");
    // Neither the code nor its plain sha256 is stored.
    const stored = await claimRow(body._id);
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).not.toBe(createHash("sha256").update(code).digest("hex"));

    const wrong = await verify(place.id, code === "000000" ? "111111" : "000000", claimant.cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      key: "Claims.codeWrong",
      triesLeft: 4,
      message: "Wrong code: 4 tries left.",
    });

    const right = await verify(place.id, `${code.slice(0, 3)} ${code.slice(3)}`, claimant.cookie);
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ _id: body._id, status: "verified" });
    expect(await claimRow(body._id)).toMatchObject({ status: "verified", codeHash: null });
    expect((await claimRow(body._id)).verifiedAt).toBeInstanceOf(Date);

    // Single use: the same code again finds nothing to verify.
    expect((await verify(place.id, code, claimant.cookie)).status).toBe(404);
    expect(await (await myClaim(place.id, claimant.cookie)).json()).toMatchObject({
      claim: { status: "verified", sentTo: null },
      yours: false,
    });
    // The place is still nobody's until the fee is paid.
    expect(await service(place.id)).toMatchObject({ ownerId: null, claimed: false });
  });

  it("answers a wrong code in the asker's language, and an expired code with 410", async () => {
    const place = await importedPlace("expiry@example.com");
    const claimant = await person();
    const { _id } = await (await claim(place.id, { message: "Owner" }, claimant.cookie)).json();
    const code = await codeMailedTo("expiry@example.com");
    const wrong = await verify(place.id, code === "000000" ? "111111" : "000000", claimant.cookie, "uk");
    expect(await wrong.json()).toMatchObject({ message: "Неправильний код. Залишилося 4 спроби." });
    await (
      await getPrisma()
    ).serviceClaim.update({
      where: { id: _id },
      data: { codeExpiresAt: new Date(Date.now() - 1000) },
    });
    const late = await verify(place.id, code, claimant.cookie);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ key: "Claims.codeExpired" });
    expect((await claimRow(_id)).status).toBe("code_sent");
  });

  it("ends the claim after five wrong codes, logs each failure, and the right code no longer works", async () => {
    const place = await importedPlace("lockout@example.com");
    const claimant = await person();
    const { _id } = await (await claim(place.id, { message: "Owner" }, claimant.cookie)).json();
    const code = await codeMailedTo("lockout@example.com");
    const bad = code === "000000" ? "111111" : "000000";
    const left: number[] = [];
    for (let i = 0; i < 5; i++) left.push((await (await verify(place.id, bad, claimant.cookie)).json()).triesLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect(await claimRow(_id)).toMatchObject({ status: "rejected", reason: "Claims.autoReason.tooManyTries" });
    expect((await verify(place.id, code, claimant.cookie)).status).toBe(404);
    const events = await (
      await getPrisma()
    ).securityEvent.findMany({
      where: { kind: "claim.codeFailed", userId: claimant.id },
      orderBy: { at: "asc" },
    });
    expect(events).toHaveLength(5);
    expect(events.at(-1)!.details).toMatchObject({ triesLeft: 0, locked: true });
    expect(JSON.stringify(events)).not.toContain(bad);
    // The claimant reads why, in words.
    expect(await (await myClaim(place.id, claimant.cookie)).json()).toMatchObject({
      claim: { status: "rejected", reason: "too many wrong codes were entered" },
    });
  });

  it("sends a new code on a second POST (the old one stops working), three per hour, then a translated 429", async () => {
    const place = await importedPlace("resend@example.com");
    const claimant = await person();
    const first = await (await claim(place.id, { message: "Owner" }, claimant.cookie)).json();
    const oldCode = await codeMailedTo("resend@example.com");
    const again = await claim(place.id, { message: "Owner" }, claimant.cookie);
    expect(again.status).toBe(201);
    expect((await again.json())._id).toBe(first._id);
    const newCode = await codeMailedTo("resend@example.com");
    if (oldCode !== newCode) expect((await verify(place.id, oldCode, claimant.cookie)).status).toBe(400);
    expect((await claim(place.id, { message: "Owner" }, claimant.cookie)).status).toBe(201);
    expect((await claim(place.id, { message: "Owner" }, claimant.cookie)).status).toBe(201);
    const throttled = await claim(place.id, { message: "Owner" }, claimant.cookie, "uk");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await throttled.json()).key).toBe("Auth.tooManyRequests");
  });

  it("takes five new claims per account a day", async () => {
    const claimant = await person();
    for (let i = 0; i < 5; i++)
      expect((await claim((await importedPlace()).id, { message: "Mine" }, claimant.cookie)).status).toBe(201);
    const sixth = await claim((await importedPlace()).id, { message: "Mine" }, claimant.cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toBeTruthy();
  });

  it("lets exactly one of two claimants be verified when both codes arrive at once; the other becomes a dispute", async () => {
    const place = await importedPlace("race@example.com");
    const [a, b] = [await person(), await person()];
    const claimA = await (await claim(place.id, { message: "A" }, a.cookie)).json();
    const codeA = await codeMailedTo("race@example.com");
    const claimB = await (await claim(place.id, { message: "B" }, b.cookie)).json();
    const codeB = await codeMailedTo("race@example.com");
    const answers = await Promise.all([verify(place.id, codeA, a.cookie), verify(place.id, codeB, b.cookie)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await Promise.all([claimRow(claimA._id), claimRow(claimB._id)]);
    expect(rows.filter((row) => row.status === "verified")).toHaveLength(1);
    expect(rows.find((row) => row.status !== "verified")).toMatchObject({ status: "pending", dispute: true });
  });
});

describe("claims decided by an admin", () => {
  let admin: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    admin = await person({ isAdmin: true });
  });

  it("queues a claim on a place without e-mail, first in the queue; approval verifies it and rejects the others, each told", async () => {
    const place = await importedPlace();
    const [claimant, rival] = [await person(), await person()];
    const answer = await claim(place.id, { message: "I run it since 2010" }, claimant.cookie);
    expect(answer.status).toBe(201);
    const { _id, status, dispute } = await answer.json();
    expect({ status, dispute }).toEqual({ status: "pending", dispute: false });
    const { _id: rivalId } = await (await claim(place.id, { message: "Me too" }, rival.cookie)).json();

    const listed = await queue(admin.cookie);
    expect(listed.status).toBe(200);
    const { claims, page, pages } = await listed.json();
    expect({ page, pages: pages >= 1 }).toEqual({ page: 1, pages: true });
    const mine = claims.find((item: { _id: string }) => item._id === _id);
    expect(mine).toMatchObject({
      status: "pending",
      message: "I run it since 2010",
      dispute: false,
      service: { _id: place.id, name: place.name, source: "osm" },
      claimant: { _id: claimant.id, email: claimant.email },
      owner: null,
    });
    // Waiting claims before any other, oldest first.
    const statuses = claims.map((item: { status: string }) => item.status);
    expect(statuses.indexOf("pending")).toBe(0);
    expect(statuses.lastIndexOf("pending")).toBeLessThan(
      statuses.indexOf("code_sent") === -1 ? Infinity : statuses.indexOf("code_sent"),
    );

    const approved = await decide(_id, { decision: "approve", reason: "" }, admin.cookie);
    expect(approved.status).toBe(200);
    expect(await claimRow(_id)).toMatchObject({ status: "verified", decidedById: admin.id });
    expect(await claimRow(rivalId)).toMatchObject({ status: "rejected", reason: "Claims.autoReason.otherApproved" });
    const told = await mailTo(claimant.email, "claim.approved");
    expect(told!.text).toContain(`/placeorder?sto=${place.id}`);
    expect((await mailTo(rival.email, "claim.rejected"))!.text).toContain("approved another claim");
    const audit = await (
      await getPrisma()
    ).auditLog.findFirst({ where: { action: "claim.approve", targetId: place.id } });
    expect(audit).toMatchObject({ actorId: admin.id, targetType: "service" });
    // Decided: a second decision is refused.
    expect((await decide(_id, { decision: "approve" }, admin.cookie)).status).toBe(409);
  });

  it("rejects with the reason the claimant is mailed; a rejection needs a reason (translated 400)", async () => {
    const place = await importedPlace();
    const claimant = await person({ locale: "uk" });
    const { _id } = await (await claim(place.id, { message: "Мій" }, claimant.cookie)).json();
    const noReason = await decide(_id, { decision: "reject", reason: " " }, admin.cookie);
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).errors.reason.key).toBe("Claims.reasonRequired");
    const rejected = await decide(_id, { decision: "reject", reason: "Немає доказів" }, admin.cookie);
    expect(rejected.status).toBe(200);
    expect(await claimRow(_id)).toMatchObject({ status: "rejected", reason: "Немає доказів" });
    const mail = await mailTo(claimant.email, "claim.rejected");
    expect(mail).toMatchObject({ locale: "uk" });
    expect(mail!.text).toContain("Немає доказів");
    expect(await (await getPrisma()).auditLog.count({ where: { action: "claim.reject", targetId: place.id } })).toBe(1);
  });

  it("a claim on an owned listing is a dispute the owner is not told of; approval moves the listing, paid, and mails the old owner", async () => {
    const owner = await person();
    const listing = await makeService({ ownerId: owner.id });
    const claimant = await person();
    const answer = await claim(listing.id, { message: "The real owner" }, claimant.cookie);
    expect(answer.status).toBe(201);
    const { _id, status, dispute } = await answer.json();
    expect({ status, dispute }).toEqual({ status: "pending", dispute: true });
    const prisma = await getPrisma();
    expect(await prisma.mailOutbox.count({ where: { to: owner.email } })).toBe(0);
    expect(await prisma.mailOutbox.count({ where: { to: listing.contactMail } })).toBe(0);

    const { claims } = await (await queue(admin.cookie)).json();
    expect(claims.find((item: { _id: string }) => item._id === _id)).toMatchObject({
      dispute: true,
      owner: { _id: owner.id, email: owner.email },
    });

    expect((await decide(_id, { decision: "approve" }, admin.cookie)).status).toBe(200);
    expect(await service(listing.id)).toMatchObject({ ownerId: claimant.id, claimed: true, isPaid: true });
    expect((await service(listing.id)).claimedAt).toBeInstanceOf(Date);
    expect(await claimRow(_id)).toMatchObject({ status: "completed" });
    expect(await mailTo(owner.email, "claim.ownerLost")).toBeTruthy();
    expect(await mailTo(claimant.email, "claim.transferred")).toBeTruthy();
    expect(
      await prisma.auditLog.findFirst({ where: { action: "claim.transfer", targetId: listing.id } }),
    ).toMatchObject({
      actorId: admin.id,
      details: expect.objectContaining({ from: owner.id, claimant: claimant.id }),
    });
    const viewer = await viewerOf(claimant.cookie);
    expect((await listOwnStations(viewer)).map((station) => station._id)).toContain(listing.id);
  });

  it("a claim on a place with a verified holder is a dispute; approving it rejects the holder's claim (told) and verifies this one", async () => {
    const place = await importedPlace("held@example.com");
    const [holder, disputer] = [await person(), await person()];
    const held = await (await claim(place.id, { message: "Holder" }, holder.cookie)).json();
    expect((await verify(place.id, await codeMailedTo("held@example.com"), holder.cookie)).status).toBe(200);
    const mailsBefore = await (await getPrisma()).mailOutbox.count({ where: { to: "held@example.com" } });
    const answer = await (await claim(place.id, { message: "No, me" }, disputer.cookie)).json();
    expect(answer).toMatchObject({ status: "pending", dispute: true });
    // A dispute mails no code to the place.
    expect(await (await getPrisma()).mailOutbox.count({ where: { to: "held@example.com" } })).toBe(mailsBefore);
    const { claims } = await (await queue(admin.cookie)).json();
    expect(claims.find((item: { _id: string }) => item._id === answer._id)).toMatchObject({
      holder: { _id: holder.id },
    });

    expect((await decide(answer._id, { decision: "approve" }, admin.cookie)).status).toBe(200);
    expect(await claimRow(held._id)).toMatchObject({ status: "rejected" });
    expect(await claimRow(answer._id)).toMatchObject({ status: "verified" });
    expect(await mailTo(holder.email, "claim.rejected")).toBeTruthy();
  });
});

describe("payment by the verified claimant", () => {
  async function verifiedClaim(address: string) {
    const place = await importedPlace(address);
    const claimant = await person();
    const { _id } = await (await claim(place.id, { message: "Owner" }, claimant.cookie)).json();
    expect((await verify(place.id, await codeMailedTo(address), claimant.cookie)).status).toBe(200);
    return { place, claimant, claimId: _id as string };
  }

  it("makes the place the payer's in the payment's transaction: owner, claimed, paid, claim completed, in /mystos", async () => {
    const { place, claimant, claimId } = await verifiedClaim("pays@example.com");
    const prisma = await getPrisma();
    const reviewer = await makeUser();
    await prisma.review.create({
      data: { serviceId: place.id, userId: reviewer.id, quality: 5, speed: 5, price: 5, avg: 5, comment: "Добре" },
    });
    const paid = await payForTest(place.id, claimant.cookie);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ _id: place.id, ispaid: true });
    const now = await service(place.id);
    expect(now).toMatchObject({ ownerId: claimant.id, claimed: true, isPaid: true, source: "osm" });
    expect(now.claimedAt).toBeInstanceOf(Date);
    expect(await claimRow(claimId)).toMatchObject({ status: "completed" });
    expect((await claimRow(claimId)).completedAt).toBeInstanceOf(Date);
    expect(await prisma.review.count({ where: { serviceId: place.id } })).toBe(1);
    const viewer = await viewerOf(claimant.cookie);
    expect(viewer?.ownsStations).toBe(true);
    expect((await listOwnStations(viewer)).map((station) => station._id)).toContain(place.id);
  });

  it("refuses a non-holder and an admin (403), and a claimant whose claim was rejected before paying", async () => {
    const { place, claimant, claimId } = await verifiedClaim("refused@example.com");
    const stranger = await person();
    const admin = await person({ isAdmin: true });
    const strangers = await payForTest(place.id, stranger.cookie);
    expect(strangers.status).toBe(403);
    expect((await strangers.json()).key).toBe("Claims.payNeedsClaim");
    expect((await payForTest(place.id, admin.cookie)).status).toBe(403);
    expect((await decide(claimId, { decision: "reject", reason: "Fraud" }, admin.cookie)).status).toBe(200);
    expect((await payForTest(place.id, claimant.cookie)).status).toBe(403);
    expect(await service(place.id)).toMatchObject({ ownerId: null, claimed: false, isPaid: false });
    expect(await (await getPrisma()).payment.count({ where: { serviceId: place.id } })).toBe(0);
  });

  it("shows a place OpenStreetMap stopped listing again once its claimant pays; a blocked place cannot be paid for", async () => {
    const db = await getPrisma();
    const hidden = await verifiedClaim("hidden@example.com");
    await db.service.update({ where: { id: hidden.place.id }, data: { hiddenAt: new Date() } });
    expect((await payForTest(hidden.place.id, hidden.claimant.cookie)).status).toBe(200);
    expect(await service(hidden.place.id)).toMatchObject({ ownerId: hidden.claimant.id, hiddenAt: null, isPaid: true });

    const blocked = await verifiedClaim("blocked@example.com");
    await db.service.update({ where: { id: blocked.place.id }, data: { isBlocked: true } });
    expect((await payForTest(blocked.place.id, blocked.claimant.cookie)).status).toBe(404);
    expect(await service(blocked.place.id)).toMatchObject({ ownerId: null, claimed: false, isPaid: false });
    expect(await claimRow(blocked.claimId)).toMatchObject({ status: "verified" });
  });

  describe("with PayPal", () => {
    let paypal: FakePaypal;
    beforeAll(async () => {
      paypal = await startFakePaypal();
      setEnv({ PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.secret, PAYPAL_API_BASE: paypal.url });
    });
    afterAll(async () => {
      setEnv({ PAYPAL_CLIENT_ID: undefined, PAYPAL_CLIENT_SECRET: undefined, PAYPAL_API_BASE: undefined });
      await paypal.close();
    });
    const startOrder = (stoId: string, cookie: string) =>
      call(startOrderRoute, apiRequest("POST", "/api/etc/paypal/orders", { body: { stoId }, cookie }));
    const capture = (stoId: string, orderID: string, cookie: string) =>
      call(
        payRoute,
        apiRequest("PUT", `/api/items/users/${stoId}/pay`, { body: { paymentMethod: "PayPal", orderID }, cookie }),
        params({ id: stoId }),
      );

    it("a capture by the verified claimant transfers the place; a declined one does not", async () => {
      const { place, claimant } = await verifiedClaim("paypal@example.com");
      const { id: orderID } = await (await startOrder(place.id, claimant.cookie)).json();
      paypal.mode.decline = true;
      expect((await capture(place.id, orderID, claimant.cookie)).status).toBe(402);
      expect(await service(place.id)).toMatchObject({ ownerId: null, claimed: false, isPaid: false });
      paypal.mode.decline = false;
      expect((await capture(place.id, orderID, claimant.cookie)).status).toBe(200);
      expect(await service(place.id)).toMatchObject({ ownerId: claimant.id, claimed: true, isPaid: true });
    });

    it("a capture after the claim was rejected transfers nothing and keeps the payment for a refund", async () => {
      const { place, claimant, claimId } = await verifiedClaim("paypal-late@example.com");
      const admin = await person({ isAdmin: true });
      const { id: orderID } = await (await startOrder(place.id, claimant.cookie)).json();
      await decide(claimId, { decision: "reject", reason: "Not theirs" }, admin.cookie);
      // Refused before PayPal is asked to capture anything.
      expect((await capture(place.id, orderID, claimant.cookie)).status).toBe(403);
      // And if the capture arrives anyway (the webhook or the sweep), the settlement moves nothing.
      const { settle } = await import("@/features/payments/server/paypal-payments");
      const payment = await (await getPrisma()).payment.findUniqueOrThrow({ where: { providerOrderId: orderID } });
      const outcome = await settle(payment, {
        orderStatus: "COMPLETED",
        capture: { id: "CAPTURE-LATE", status: "COMPLETED", amount: "3.00", currency: "USD", customId: place.id },
        payerEmail: null,
        raw: {},
      });
      expect(outcome).toBe("mismatch");
      expect(await service(place.id)).toMatchObject({ ownerId: null, claimed: false, isPaid: false });

      // The place went to someone else meanwhile (an admin approved their dispute; they paid): the
      // claimant's late capture publishes nothing and is no payment of the listing a refund could undo.
      const winner = await person();
      await (
        await getPrisma()
      ).service.update({
        where: { id: place.id },
        data: { ownerId: winner.id, claimed: true, isPaid: true, paidAt: new Date() },
      });
      const again = await (
        await getPrisma()
      ).payment.create({
        data: {
          serviceId: place.id,
          userId: claimant.id,
          serviceName: place.name,
          payerEmail: claimant.email,
          amount: "3.00",
          currency: "USD",
          provider: "paypal",
          providerOrderId: `${orderID}-2`,
          requestId: `${orderID}-2`,
        },
      });
      expect(
        await settle(again, {
          orderStatus: "COMPLETED",
          capture: { id: "CAPTURE-LATER", status: "COMPLETED", amount: "3.00", currency: "USD", customId: place.id },
          payerEmail: null,
          raw: {},
        }),
      ).toBe("mismatch");
      expect(await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: again.id } })).toMatchObject({
        status: "failed",
      });
      expect(await service(place.id)).toMatchObject({ ownerId: winner.id, isPaid: true });
      expect(await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
        status: "failed",
      });
    });
  });
});

describe("who may use the claim routes", () => {
  it("answers 401 signed out, 403 to non-admins on the queue, 409 to the owner, 400 on a master's profile", async () => {
    const place = await importedPlace();
    const user = await person();
    const owner = await person();
    const listing = await makeService({ ownerId: owner.id });
    const mechanic = await person();
    const profile = await makeService({ ownerId: mechanic.id, role: "mechanic" });
    const admin = await person({ isAdmin: true });

    expect((await claim(place.id, { message: "x" })).status).toBe(401);
    expect((await myClaim(place.id)).status).toBe(401);
    expect((await verify(place.id, "123456")).status).toBe(401);
    expect((await queue()).status).toBe(401);
    expect((await decide(place.id, { decision: "approve" })).status).toBe(401);

    for (const who of [user, owner, mechanic]) {
      expect((await queue(who.cookie)).status).toBe(403);
      expect((await decide(place.id, { decision: "approve" }, who.cookie)).status).toBe(403);
    }
    expect((await queue(admin.cookie)).status).toBe(200);
    expect((await decide("00000000-0000-4000-8000-000000000000", { decision: "approve" }, admin.cookie)).status).toBe(
      404,
    );

    const own = await claim(listing.id, { message: "mine" }, owner.cookie);
    expect(own.status).toBe(409);
    expect((await own.json()).message).toBe("This listing is already yours.");
    expect(await (await myClaim(listing.id, owner.cookie)).json()).toEqual({ claim: null, yours: true, held: false });
    const master = await claim(profile.id, { message: "mine" }, user.cookie, "uk");
    expect(master.status).toBe(400);
    expect((await master.json()).message).toBe("Профіль майстра не можна заявити як свій.");
    expect((await claim("not-a-uuid", { message: "x" }, user.cookie)).status).toBe(404);
    expect((await verify(place.id, "123456", mechanic.cookie)).status).toBe(404);

    // An admin claims like anyone else, and the second claim of the same person is a 409.
    expect((await claim(place.id, { message: "Admin's own" }, admin.cookie)).status).toBe(201);
    expect((await claim(place.id, { message: "Again" }, admin.cookie)).status).toBe(409);
    expect(await (await myClaim(place.id, user.cookie)).json()).toEqual({ claim: null, yours: false, held: false });
  });

  it("answers bad bodies with translated 400s", async () => {
    const place = await importedPlace();
    const user = await person();
    const empty = await claim(place.id, { message: "   " }, user.cookie, "uk");
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors.message).toEqual({
      key: "Claims.messageRequired",
      message: "Розкажіть, хто ви для цього закладу.",
    });
    expect((await (await claim(place.id, { message: "x".repeat(1001) }, user.cookie)).json()).errors.message.key).toBe(
      "Claims.messageTooLong",
    );
    expect((await claim(place.id, { message: 5 }, user.cookie)).status).toBe(400);
    const shape = await verify(place.id, "12ab56", user.cookie);
    expect(shape.status).toBe(400);
    expect((await shape.json()).errors.code.key).toBe("Claims.codeShape");
    const admin = await person({ isAdmin: true });
    const { _id } = await (await claim(place.id, { message: "Mine" }, user.cookie)).json();
    const bad = await decide(_id, { decision: "maybe" }, admin.cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.decision.key).toBe("Claims.decisionRequired");
    expect(
      (await (await decide(_id, { decision: "reject", reason: "x".repeat(501) }, admin.cookie)).json()).errors.reason
        .key,
    ).toBe("Claims.reasonTooLong");
    expect((await queue(admin.cookie, "?page=abc")).status).toBe(400);
  });
});
