import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { POST as visitCodeRoute } from "@/app/api/items/[id]/visit-codes/route";
import { getPublicService } from "@/features/catalog/server/detail";
import { OUTSTANDING_BASE } from "@/features/reviews/server/visit-codes";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";
import { answerAs, api, person, sendRequest, shop } from "./api";
import { jobApi } from "./job-api";
import { makeAcceptedRequest } from "./job-fixtures";

/**
 * A driver whose job from a request for a price is confirmed holds a visit code bound to them
 * (never shown): their review of that service is a verified visit without typing anything, once.
 * Acceptance alone verifies nothing: the shop has to mark the job done and the driver confirm it.
 */
const nextIp = addresses("10.61");
const good = { rating: { quality: 5, speed: 4, price: 4 }, comment: "Pads done as quoted" };

async function review(serviceId: string, cookie: string, body: unknown = good) {
  const response = await call(
    reviewRoute,
    apiRequest("POST", `/api/items/${serviceId}/reviews`, { body, cookie, ip: nextIp() }),
    params({ id: serviceId }),
  );
  return { status: response.status, body: (await response.json()) as { _id: string; verified: boolean; key?: string } };
}

const issueCode = (serviceId: string, cookie: string) =>
  call(
    visitCodeRoute,
    apiRequest("POST", `/api/items/${serviceId}/visit-codes`, { cookie, ip: nextIp() }),
    params({ id: serviceId }),
  );

let ownerCookie = "";
let ownerId = "";
let serviceId = "";
let otherServiceId = "";

beforeAll(async () => {
  const owner = await makeUser({ name: "Brake Shop Owner" });
  ownerId = owner.id;
  ownerCookie = await signIn(owner.email);
  serviceId = (await makeService({ ownerId, name: "Brake Shop" })).id;
  otherServiceId = (await makeService({ name: "Other Shop" })).id;
});

async function driver() {
  const user = await makeUser();
  return { user, cookie: await signIn(user.email) };
}

describe("a review after an accepted request", () => {
  it("through the routes: ask, answer, accept, done, confirm; the review is verified only on confirmation", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const garage = await shop({ name: "Route Brakes" });
    const requestId = await sendRequest(driver, [garage.id]);
    const answerId = await answerAs(garage.owner, requestId, garage.id, { price: 1800 });
    // Before acceptance the driver holds nothing: a review now is not verified.
    const early = await review(garage.id, driver.cookie);
    expect(early.body.verified).toBe(false);
    expect((await api.accept(requestId, { answerId }, driver.cookie)).status).toBe(200);
    // Acceptance alone no longer verifies it: an edit now is still unverified, and no code exists.
    const edited = await review(garage.id, driver.cookie, { ...good, comment: "Pads done at the quoted price" });
    expect(edited).toMatchObject({ status: 201, body: { _id: early.body._id, verified: false } });
    expect(await prisma.visitCode.count({ where: { quoteRequestId: requestId } })).toBe(0);
    expect((await jobApi.done(requestId, { finalPrice: 1800 }, garage.owner.cookie)).status).toBe(200);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: early.body._id } })).verified).toBe(false);
    // The driver confirms the job: the review they wrote is verified at once, with the bound code.
    expect((await jobApi.decide(requestId, { decision: "confirm" }, driver.cookie)).status).toBe(200);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: early.body._id } })).verified).toBe(true);
    const code = await prisma.visitCode.findUniqueOrThrow({ where: { quoteRequestId: requestId } });
    expect(code).toMatchObject({ userId: driver.id, serviceId: garage.id, reviewId: early.body._id });
    expect((await getPublicService(garage.id)).reviews.find((item) => item._id === early.body._id)!.verified).toBe(
      true,
    );
  });

  it("is verified without a code, redeeming the driver's bound code in the review's transaction", async () => {
    const prisma = await getPrisma();
    const { user, cookie } = await driver();
    const { code } = await makeAcceptedRequest(user.id, serviceId);
    const posted = await review(serviceId, cookie);
    expect(posted).toMatchObject({ status: 201, body: { verified: true } });
    const used = await prisma.visitCode.findUniqueOrThrow({ where: { id: code.id } });
    expect(used.usedAt).not.toBeNull();
    expect(used.reviewId).toBe(posted.body._id);
    expect((await getPublicService(serviceId)).reviews.find((item) => item._id === posted.body._id)!.verified).toBe(
      true,
    );
  });

  it("stays verified on an edit, which redeems nothing more (a second accepted request's code is kept)", async () => {
    const prisma = await getPrisma();
    const { user, cookie } = await driver();
    const first = await makeAcceptedRequest(user.id, serviceId);
    const second = await makeAcceptedRequest(user.id, serviceId);
    const posted = await review(serviceId, cookie);
    expect(posted.body.verified).toBe(true);
    const edited = await review(serviceId, cookie, { ...good, comment: "Pads done as quoted, and quickly" });
    expect(edited).toMatchObject({ status: 201, body: { _id: posted.body._id, verified: true } });
    const codes = await prisma.visitCode.findMany({
      where: { id: { in: [first.code.id, second.code.id] } },
      select: { usedAt: true, reviewId: true },
    });
    expect(codes.filter((row) => row.usedAt !== null)).toHaveLength(1);
    expect(codes.filter((row) => row.reviewId === posted.body._id)).toHaveLength(1);
  });

  it("verifies nothing with an expired or used bound code, another driver's, or one for another service", async () => {
    const prisma = await getPrisma();
    const expired = await driver();
    await makeAcceptedRequest(expired.user.id, serviceId, { expiresAt: new Date(Date.now() - 1000) });
    expect((await review(serviceId, expired.cookie)).body.verified).toBe(false);

    const holder = await driver();
    await makeAcceptedRequest(holder.user.id, serviceId);
    const stranger = await driver();
    expect((await review(serviceId, stranger.cookie)).body.verified).toBe(false);

    const elsewhere = await driver();
    await makeAcceptedRequest(elsewhere.user.id, otherServiceId);
    expect((await review(serviceId, elsewhere.cookie)).body.verified).toBe(false);
    // Its code still waits for a review of the service it was issued for.
    expect((await review(otherServiceId, elsewhere.cookie)).body.verified).toBe(true);

    const used = await driver();
    const { code } = await makeAcceptedRequest(used.user.id, serviceId);
    await prisma.visitCode.update({ where: { id: code.id }, data: { usedAt: new Date() } });
    expect((await review(serviceId, used.cookie)).body.verified).toBe(false);
  });

  it("a typed code still works beside a bound one, and a wrong typed code is refused as before", async () => {
    const { user, cookie } = await driver();
    await makeAcceptedRequest(user.id, serviceId);
    const wrong = await review(serviceId, cookie, { ...good, visitCode: "AAAAA-AAAAA" });
    expect(wrong.status).toBe(400);
    const { code } = (await (await issueCode(serviceId, ownerCookie)).json()) as { code: string };
    expect((await review(serviceId, cookie, { ...good, visitCode: code })).body.verified).toBe(true);
  });
});

describe("the owner's cap on outstanding codes", () => {
  it("does not count codes bound to drivers by accepted requests", async () => {
    const prisma = await getPrisma();
    const service = await makeService({ ownerId, name: "Busy Brake Shop" });
    for (let index = 0; index < OUTSTANDING_BASE; index++) await makeAcceptedRequest((await makeUser()).id, service.id);
    expect(await prisma.visitCode.count({ where: { serviceId: service.id, usedAt: null } })).toBe(OUTSTANDING_BASE);
    expect((await issueCode(service.id, ownerCookie)).status).toBe(201);
    // The owner's own codes still count: fill the rest of the cap and the next is refused.
    const expiresAt = new Date(Date.now() + 86_400_000);
    await prisma.visitCode.createMany({
      data: Array.from({ length: OUTSTANDING_BASE - 1 }, (_, index) => ({
        serviceId: service.id,
        codeHash: createHash("sha256").update(`${service.id}/own/${index}`).digest("hex"),
        expiresAt,
      })),
    });
    const capped = await issueCode(service.id, ownerCookie);
    expect(capped.status).toBe(429);
    expect(((await capped.json()) as { key: string }).key).toBe("VisitCodes.tooManyOutstanding");
  });
});
