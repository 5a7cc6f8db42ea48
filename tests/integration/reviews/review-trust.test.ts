import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

import * as replyRoute from "@/app/api/items/[id]/reviews/[reviewId]/reply/route";
import { POST as reportRoute } from "@/app/api/items/[id]/reviews/[reviewId]/report/route";
import { DELETE as deleteReviewRoute } from "@/app/api/items/[id]/reviews/[reviewId]/route";
import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { POST as visitCodeRoute } from "@/app/api/items/[id]/visit-codes/route";
import { DELETE as burstRoute } from "@/app/api/items/admin/[id]/burst/route";
import { POST as moderateRoute } from "@/app/api/items/admin/reports/[reviewId]/route";
import { GET as queueRoute } from "@/app/api/items/admin/reports/route";
import { getPublicService } from "@/features/catalog/server/detail";
import { REPORT_WEIGHT_TO_HIDE } from "@/features/reviews/server/moderation";
import { sendReviewDigests } from "@/features/reviews/server/review-digest";
import { getPrisma } from "@/lib/db/client";
import { tryTake } from "@/lib/security/rate-limit";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

type Handler = (
  request: import("next/server").NextRequest,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

let ip = 0;
async function send(
  handler: Handler,
  path: string,
  method: string,
  routeParams: Record<string, string>,
  body?: unknown,
  cookie?: string,
) {
  const headers: Record<string, string> = { "x-forwarded-for": `10.18.0.${++ip % 250}` };
  if (cookie) headers.cookie = cookie;
  const response = await call(
    handler,
    makeRequest(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    params(routeParams),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { key?: string } };
}

const review = (serviceId: string, body: unknown, cookie?: string) =>
  send(reviewRoute as Handler, `/api/items/${serviceId}/reviews`, "POST", { id: serviceId }, body, cookie);
const reply = (
  method: "POST" | "PUT" | "DELETE",
  serviceId: string,
  reviewId: string,
  body: unknown,
  cookie?: string,
) =>
  send(
    replyRoute[method] as Handler,
    `/api/items/${serviceId}/reviews/${reviewId}/reply`,
    method,
    { id: serviceId, reviewId },
    method === "DELETE" ? undefined : body,
    cookie,
  );
const removeReview = (serviceId: string, reviewId: string, cookie?: string) =>
  send(
    deleteReviewRoute as Handler,
    `/api/items/${serviceId}/reviews/${reviewId}`,
    "DELETE",
    { id: serviceId, reviewId },
    undefined,
    cookie,
  );
const report = (serviceId: string, reviewId: string, body: unknown, cookie?: string) =>
  send(
    reportRoute as Handler,
    `/api/items/${serviceId}/reviews/${reviewId}/report`,
    "POST",
    { id: serviceId, reviewId },
    body,
    cookie,
  );
const queue = (cookie?: string, sort = "") =>
  send(
    queueRoute as unknown as Handler,
    `/api/items/admin/reports${sort ? `?sort=${sort}` : ""}`,
    "GET",
    {},
    undefined,
    cookie,
  );
const moderate = (reviewId: string, body: unknown, cookie?: string) =>
  send(moderateRoute as Handler, `/api/items/admin/reports/${reviewId}`, "POST", { reviewId }, body, cookie);
const clearBurst = (serviceId: string, cookie?: string) =>
  send(burstRoute as Handler, `/api/items/admin/${serviceId}/burst`, "DELETE", { id: serviceId }, undefined, cookie);
const issueCode = (serviceId: string, cookie?: string) =>
  send(visitCodeRoute as Handler, `/api/items/${serviceId}/visit-codes`, "POST", { id: serviceId }, undefined, cookie);

const good = { rating: { quality: 5, speed: 4, price: 3 }, comment: "Fast and fair" };
const low = { rating: { quality: 1, speed: 1, price: 2 }, comment: "Terrible" };
const MISSING = "0190a000-0000-7000-8000-000000000000";

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let serviceId = "";
let otherServiceId = "";
let reviewId = "";

async function makeSignedIn(role: string, options: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser(options);
  ids[role] = user.id;
  cookies[role] = await signIn(user.email);
  return user;
}

beforeAll(async () => {
  const prisma = await getPrisma();
  const owner = await makeSignedIn("owner");
  await prisma.user.update({ where: { id: owner.id }, data: { locale: "uk" } });
  const otherOwner = await makeSignedIn("otherOwner");
  await makeSignedIn("reviewer", { name: "Reviewer" });
  await makeSignedIn("other");
  await makeSignedIn("admin", { isAdmin: true });
  const blocked = await makeSignedIn("blocked");
  serviceId = (await makeService({ ownerId: owner.id, name: "Trusted Garage" })).id;
  otherServiceId = (await makeService({ ownerId: otherOwner.id, name: "Other Garage" })).id;
  await prisma.user.update({ where: { id: blocked.id }, data: { isBlocked: true } });
  const posted = await review(serviceId, good, cookies.reviewer);
  expect(posted.status).toBe(201);
  reviewId = posted.body._id as string;
});

describe("owner mail on a new review", () => {
  it("tells the owner in their digest, in their language with a link to reply, once, not on edits", async () => {
    const prisma = await getPrisma();
    const owner = await prisma.user.findUniqueOrThrow({ where: { id: ids.owner } });
    const digests = () => prisma.mailOutbox.findMany({ where: { to: owner.email, kind: "reviewDigest" } });
    expect(await digests()).toHaveLength(0);
    await sendReviewDigests();
    const mails = await digests();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe("uk");
    expect(mails[0]!.subject).toBe("1 новий відгук у Майстрі");
    expect(mails[0]!.text).toContain(`/ua/service/${serviceId}#review-${reviewId}`);
    expect((await review(serviceId, { ...good, comment: "Edited" }, cookies.reviewer)).status).toBe(201);
    await sendReviewDigests();
    expect(await digests()).toHaveLength(1);
  });
});

describe("owner replies (item 1)", () => {
  it.each([
    ["a visitor", undefined, 401],
    ["a blocked user", "blocked", 401],
    ["the reviewer", "reviewer", 403],
    ["another user", "other", 403],
    ["another service's owner", "otherOwner", 403],
  ])("refuses %s", async (_who, as, status) => {
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const answer = await reply(method, serviceId, reviewId, { text: "Thanks" }, as ? cookies[as] : undefined);
      expect(answer.status).toBe(status);
    }
  });

  it("validates the text and the ids", async () => {
    expect((await reply("POST", serviceId, reviewId, { text: "  " }, cookies.owner)).status).toBe(400);
    expect((await reply("POST", serviceId, reviewId, { text: "x".repeat(1001) }, cookies.owner)).status).toBe(400);
    expect((await reply("POST", serviceId, MISSING, { text: "Thanks" }, cookies.owner)).status).toBe(404);
    expect((await reply("POST", serviceId, "nope", { text: "Thanks" }, cookies.owner)).status).toBe(404);
    // The review exists, but under another service.
    expect((await reply("POST", otherServiceId, reviewId, { text: "Thanks" }, cookies.otherOwner)).status).toBe(404);
    expect((await reply("PUT", serviceId, reviewId, { text: "Thanks" }, cookies.owner)).status).toBe(404);
  });

  it("answers once, mails the reviewer, shows the reply; edit and delete follow", async () => {
    const prisma = await getPrisma();
    const first = await reply("POST", serviceId, reviewId, { text: "Thank you for coming!" }, cookies.owner);
    expect(first.status).toBe(201);
    expect((await reply("POST", serviceId, reviewId, { text: "Again" }, cookies.owner)).status).toBe(409);
    const reviewer = await prisma.user.findUniqueOrThrow({ where: { id: ids.reviewer } });
    const mails = await prisma.mailOutbox.findMany({ where: { to: reviewer.email, kind: "reviewReply" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("The owner of Trusted Garage replied to your review");
    let shown = (await getPublicService(serviceId)).reviews.find((item) => item._id === reviewId)!;
    expect(shown.reply?.text).toBe("Thank you for coming!");

    expect((await reply("PUT", serviceId, reviewId, { text: "Edited by an admin" }, cookies.admin)).status).toBe(200);
    shown = (await getPublicService(serviceId)).reviews.find((item) => item._id === reviewId)!;
    expect(shown.reply?.text).toBe("Edited by an admin");
    expect(await prisma.mailOutbox.count({ where: { to: reviewer.email, kind: "reviewReply" } })).toBe(1);

    expect((await reply("DELETE", serviceId, reviewId, null, cookies.owner)).status).toBe(200);
    expect((await getPublicService(serviceId)).reviews.find((item) => item._id === reviewId)!.reply).toBeNull();
    expect((await reply("DELETE", serviceId, reviewId, null, cookies.owner)).status).toBe(404);
    expect((await reply("POST", serviceId, reviewId, { text: "Answered again" }, cookies.owner)).status).toBe(201);
  });
});

describe("DELETE /api/items/{id}/reviews/{reviewId} (item 2)", () => {
  it("lets only the reviewer delete, and the aggregates follow", async () => {
    const prisma = await getPrisma();
    const service = await makeService({ name: "Delete Garage" });
    const mine = await review(service.id, good, cookies.reviewer);
    await review(service.id, low, cookies.other);
    expect(await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({ numReviews: 2 });
    const id = mine.body._id as string;
    expect((await removeReview(service.id, id)).status).toBe(401);
    expect((await removeReview(service.id, id, cookies.blocked)).status).toBe(401);
    expect((await removeReview(service.id, id, cookies.other)).status).toBe(403);
    expect((await removeReview(service.id, id, cookies.admin)).status).toBe(403);
    expect((await removeReview(otherServiceId, id, cookies.reviewer)).status).toBe(404);
    expect((await removeReview(service.id, "bad", cookies.reviewer)).status).toBe(404);
    expect((await removeReview(service.id, id, cookies.reviewer)).status).toBe(200);
    const after = await prisma.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(after.numReviews).toBe(1);
    expect(after.ratingAvg).toBeCloseTo((1 + 1 + 2) / 3, 2);
    expect((await removeReview(service.id, id, cookies.reviewer)).status).toBe(404);
  });
});

describe("reports and moderation (item 3)", () => {
  let target = "";
  let targetService = "";

  beforeAll(async () => {
    targetService = (await makeService({ name: "Reported Garage" })).id;
    await review(targetService, good, cookies.other);
    target = (await review(targetService, low, cookies.reviewer)).body._id as string;
  });

  it("refuses visitors, blocked users, reporting your own review, bad input and unknown reviews", async () => {
    const body = { reason: "spam" };
    expect((await report(targetService, target, body)).status).toBe(401);
    expect((await report(targetService, target, body, cookies.blocked)).status).toBe(401);
    expect((await report(targetService, target, body, cookies.reviewer)).status).toBe(403);
    expect((await report(targetService, target, { reason: "boring" }, cookies.other)).status).toBe(400);
    expect((await report(targetService, target, { reason: "other" }, cookies.other)).status).toBe(400);
    expect((await report(targetService, target, { reason: "spam", text: "x".repeat(501) }, cookies.other)).status).toBe(
      400,
    );
    expect((await report(targetService, MISSING, body, cookies.other)).status).toBe(404);
    expect((await report(serviceId, target, body, cookies.other)).status).toBe(404);
  });

  it(`takes one report per person, hides the review once established reporters weigh ${REPORT_WEIGHT_TO_HIDE}, and the aggregates and score follow`, async () => {
    const prisma = await getPrisma();
    // Reports hide a review only from reporters with weight (features/reviews/weight.ts): these
    // three are made established accounts, so each weighs 1.
    await prisma.user.updateMany({
      where: { id: { in: [ids.other!, ids.owner!, ids.admin!] } },
      data: { createdAt: new Date(Date.now() - 120 * 86_400_000) },
    });
    const before = await prisma.service.findUniqueOrThrow({ where: { id: targetService } });
    expect(before.numReviews).toBe(2);
    const first = await report(targetService, target, { reason: "notAVisit", text: "Never was there" }, cookies.other);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("Thank you: a moderator will check this review.");
    expect((await report(targetService, target, { reason: "spam" }, cookies.other)).status).toBe(409);
    expect((await report(targetService, target, { reason: "offensive" }, cookies.owner)).status).toBe(201);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: targetService } })).numReviews).toBe(2);
    expect((await report(targetService, target, { reason: "other", text: "Competitor" }, cookies.admin)).status).toBe(
      201,
    );

    const after = await prisma.service.findUniqueOrThrow({ where: { id: targetService } });
    expect(after.numReviews).toBe(1);
    expect(after.ratingAvg).toBe(4);
    // The smoothed score follows the counted reviews only: (weight × mean + n × average) / (weight + n),
    // n being the counted reviews' summed weight (two fresh accounts' reviews here, 0.1 each).
    const prior = await prisma.ratingPrior.findUniqueOrThrow({ where: { id: 1 } });
    expect(before.weightSum).toBeCloseTo(0.2, 6);
    expect(before.ratingScore).toBeCloseTo(
      (prior.weight * prior.rating + before.weightSum * before.ratingAvg) / (prior.weight + before.weightSum),
      6,
    );
    expect(after.weightSum).toBeCloseTo(0.1, 6);
    expect(after.ratingScore).toBeCloseTo((prior.weight * prior.rating + 0.1 * 4) / (prior.weight + 0.1), 6);
    expect(after.ratingScore).not.toBeCloseTo(before.ratingScore, 3);
    const shown = (await getPublicService(targetService)).reviews.find((item) => item._id === target)!;
    expect(shown).toMatchObject({ hidden: "pending", comment: "" });
    expect(await prisma.auditLog.count({ where: { targetId: target, action: "review.autoHide", actorId: null } })).toBe(
      1,
    );
  });

  it("lists the queue for admins only, most reported or newest first", async () => {
    const single = (await review(targetService, good, cookies.owner)).body._id as string;
    expect((await report(targetService, single, { reason: "conflict" }, cookies.other)).status).toBe(201);
    expect((await queue()).status).toBe(401);
    expect((await queue(cookies.blocked)).status).toBe(401);
    expect((await queue(cookies.other)).status).toBe(403);
    expect((await queue(cookies.owner)).status).toBe(403);
    const byCount = await queue(cookies.admin);
    expect(byCount.status).toBe(200);
    const items = byCount.body.items as { _id: string; reports: unknown[]; hidden: string | null }[];
    const order = items.map((item) => item._id);
    expect(order.indexOf(target)).toBeLessThan(order.indexOf(single));
    expect(items.find((item) => item._id === target)).toMatchObject({ hidden: "pending" });
    expect(items.find((item) => item._id === target)!.reports).toHaveLength(3);
    const newest = (await queue(cookies.admin, "newest")).body.items as { _id: string }[];
    expect(newest.map((item) => item._id).indexOf(single)).toBeLessThan(newest.map((item) => item._id).indexOf(target));
    expect((await moderate(single, { action: "dismiss" }, cookies.admin)).status).toBe(200);
    expect(((await queue(cookies.admin)).body.items as { _id: string }[]).some((item) => item._id === single)).toBe(
      false,
    );
  });

  it("refuses moderation to everyone but admins, and bad actions", async () => {
    for (const as of [undefined, "blocked", "other", "owner", "reviewer"]) {
      const answer = await moderate(target, { action: "restore" }, as ? cookies[as] : undefined);
      expect(answer.status).toBe(as && as !== "blocked" ? 403 : 401);
    }
    expect((await moderate(target, { action: "delete" }, cookies.admin)).status).toBe(400);
    expect((await moderate(target, { action: "hide", reason: "pending" }, cookies.admin)).status).toBe(400);
    expect((await moderate(MISSING, { action: "restore" }, cookies.admin)).status).toBe(404);
  });

  it("restores: shown and counted again, reports closed, everyone told, audited", async () => {
    const prisma = await getPrisma();
    const answer = await moderate(target, { action: "restore" }, cookies.admin);
    expect(answer).toMatchObject({ status: 200, body: { message: "Review restored" } });
    expect((await prisma.service.findUniqueOrThrow({ where: { id: targetService } })).numReviews).toBe(3);
    expect((await getPublicService(targetService)).reviews.find((item) => item._id === target)).toMatchObject({
      hidden: null,
      comment: "Terrible",
    });
    expect(await prisma.reviewReport.count({ where: { reviewId: target, outcome: "kept" } })).toBe(3);
    const reviewer = await prisma.user.findUniqueOrThrow({ where: { id: ids.reviewer } });
    expect(await prisma.mailOutbox.count({ where: { to: reviewer.email, kind: "reviewRestored" } })).toBe(1);
    expect(
      await prisma.mailOutbox.count({ where: { kind: "reportKept", subject: "We checked the review you reported" } }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await prisma.auditLog.count({ where: { targetId: target, action: "review.restore", actorId: ids.admin } }),
    ).toBe(1);
  });

  it("hides with a reason shown publicly and mailed to the reviewer in their language", async () => {
    const prisma = await getPrisma();
    await prisma.user.update({ where: { id: ids.reviewer }, data: { locale: "uk" } });
    const fresh = await makeUser();
    const freshCookie = await signIn(fresh.email);
    expect((await report(targetService, target, { reason: "offensive" }, freshCookie)).status).toBe(201);
    expect((await moderate(target, { action: "hide", reason: "offensive" }, cookies.admin)).status).toBe(200);
    expect((await getPublicService(targetService)).reviews.find((item) => item._id === target)).toMatchObject({
      hidden: "offensive",
      comment: "",
    });
    expect((await prisma.service.findUniqueOrThrow({ where: { id: targetService } })).numReviews).toBe(2);
    const reviewer = await prisma.user.findUniqueOrThrow({ where: { id: ids.reviewer } });
    const mail = await prisma.mailOutbox.findFirstOrThrow({ where: { to: reviewer.email, kind: "reviewHidden" } });
    expect(mail.text).toContain("Приховано модератором: образливий зміст.");
    expect(await prisma.mailOutbox.count({ where: { to: fresh.email, kind: "reportHidden" } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { targetId: target, action: "review.hide" } })).toBe(1);
    await prisma.user.update({ where: { id: ids.reviewer }, data: { locale: "en" } });
  });

  it("throttles reports per account (429)", async () => {
    const spammer = await makeUser();
    const cookie = await signIn(spammer.email);
    for (let i = 0; i < 20; i++) await tryTake("reviewReport", spammer.id);
    const answer = await report(targetService, target, { reason: "spam" }, cookie);
    expect(answer.status).toBe(429);
  });
});

describe("hidden reviews (GET /api/items/admin/reports?view=hidden)", () => {
  const hidden = (cookie?: string) =>
    send(queueRoute as unknown as Handler, "/api/items/admin/reports?view=hidden", "GET", {}, undefined, cookie);
  // Every role but the admin: visitors and blocked users are nobody (401), the rest are refused (403).
  const refusedRoles = { anonymous: 401, blocked: 401, other: 403, reviewer: 403, owner: 403, mechanic: 403 } as const;
  const cookieOf = (role: keyof typeof refusedRoles) => (role === "anonymous" ? undefined : cookies[role]);

  it("lists hidden reviews to admins only, and only an admin restores one from there", async () => {
    const mechanic = await makeSignedIn("mechanic");
    await makeService({ ownerId: mechanic.id, role: "mechanic" });
    const place = (await makeService({ name: "Hidden Garage" })).id;
    const hiddenId = (await review(place, { ...good, comment: "Hide me" }, cookies.other)).body._id as string;
    expect((await moderate(hiddenId, { action: "hide", reason: "spam" }, cookies.admin)).status).toBe(200);

    for (const [role, status] of Object.entries(refusedRoles) as [keyof typeof refusedRoles, number][]) {
      const answer = await hidden(cookieOf(role));
      expect(answer.status, role).toBe(status);
      expect(answer.body.items, role).toBeUndefined();
      expect((await moderate(hiddenId, { action: "restore" }, cookieOf(role))).status, role).toBe(status);
    }
    expect((await getPublicService(place)).reviews.find((item) => item._id === hiddenId)).toMatchObject({
      hidden: "spam",
      comment: "",
    });

    const listed = await hidden(cookies.admin);
    expect(listed.status).toBe(200);
    const items = listed.body.items as { _id: string; hiddenAt: string }[];
    expect(items.find((item) => item._id === hiddenId)).toMatchObject({
      hidden: "spam",
      comment: "Hide me",
      reviewer: expect.any(String),
      service: { _id: place, name: "Hidden Garage" },
    });
    // The most recently hidden first.
    expect(items.map((item) => item.hiddenAt)).toEqual([...items.map((item) => item.hiddenAt)].sort().reverse());

    expect((await moderate(hiddenId, { action: "restore" }, cookies.admin)).status).toBe(200);
    expect(((await hidden(cookies.admin)).body.items as { _id: string }[]).some((item) => item._id === hiddenId)).toBe(
      false,
    );
    expect((await getPublicService(place)).reviews.find((item) => item._id === hiddenId)).toMatchObject({
      hidden: null,
      comment: "Hide me",
    });
  });
});

describe("burst protection (item 4)", () => {
  it("flags a wave of low reviews from new accounts, holds them out of the rating, and an admin clears it", async () => {
    const prisma = await getPrisma();
    const service = await makeService({ name: "Burst Garage" });
    const veteran = await makeUser();
    await prisma.user.update({
      where: { id: veteran.id },
      data: { createdAt: new Date(Date.now() - 30 * 86_400_000) },
    });
    const veteranCookie = await signIn(veteran.email);
    expect((await review(service.id, good, veteranCookie)).status).toBe(201);
    const wave = [];
    for (let i = 0; i < 3; i++) {
      const user = await makeUser();
      wave.push(await signIn(user.email));
    }
    await review(service.id, low, wave[0]);
    await review(service.id, low, wave[1]);
    let row = await prisma.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(row).toMatchObject({ numReviews: 3, burstFlaggedAt: null });
    await review(service.id, low, wave[2]);
    row = await prisma.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(row.burstFlaggedAt).not.toBeNull();
    expect(row).toMatchObject({ numReviews: 1, ratingAvg: 4 });
    const detail = await getPublicService(service.id);
    expect(detail.burstFlagged).toBe(true);
    expect(detail.reviews.filter((item) => item.held)).toHaveLength(3);

    const flagged = (await queue(cookies.admin)).body.flagged as { _id: string; held: number }[];
    expect(flagged.find((item) => item._id === service.id)).toMatchObject({ held: 3 });
    expect((await clearBurst(service.id, cookies.owner)).status).toBe(403);
    expect((await clearBurst(service.id)).status).toBe(401);
    expect((await clearBurst(service.id, cookies.admin)).status).toBe(200);
    row = await prisma.service.findUniqueOrThrow({ where: { id: service.id } });
    expect(row).toMatchObject({ numReviews: 4, burstFlaggedAt: null });
    expect((await getPublicService(service.id)).burstFlagged).toBe(false);
    expect((await clearBurst(service.id, cookies.admin)).status).toBe(404);
    expect(await prisma.auditLog.count({ where: { targetId: service.id, action: "service.burstClear" } })).toBe(1);
  });

  it("does not flag low reviews from established accounts", async () => {
    const prisma = await getPrisma();
    const service = await makeService({ name: "Honest Garage" });
    for (let i = 0; i < 3; i++) {
      const user = await makeUser();
      await prisma.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - 10 * 86_400_000) } });
      await review(service.id, low, await signIn(user.email));
    }
    expect(await prisma.service.findUniqueOrThrow({ where: { id: service.id } })).toMatchObject({
      numReviews: 3,
      burstFlaggedAt: null,
    });
  });
});

describe("verified visits (item 6)", () => {
  it("issues codes to the owner only", async () => {
    expect((await issueCode(serviceId)).status).toBe(401);
    expect((await issueCode(serviceId, cookies.blocked)).status).toBe(401);
    expect((await issueCode(serviceId, cookies.other)).status).toBe(403);
    expect((await issueCode(serviceId, cookies.otherOwner)).status).toBe(403);
    expect((await issueCode(serviceId, cookies.admin)).status).toBe(403);
    expect((await issueCode(MISSING, cookies.owner)).status).toBe(404);
    const issued = await issueCode(serviceId, cookies.owner);
    expect(issued.status).toBe(201);
    expect(issued.body.code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(issued.body.path).toBe(`/service/${serviceId}?code=${issued.body.code}#review-form`);
    const prisma = await getPrisma();
    const stored = await prisma.visitCode.findFirstOrThrow({ where: { serviceId }, orderBy: { createdAt: "desc" } });
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.codeHash).not.toContain(String(issued.body.code).replace("-", ""));
  });

  it("marks a review verified once; reuse, another service's code and an expired code are refused", async () => {
    const prisma = await getPrisma();
    const { code } = (await issueCode(serviceId, cookies.owner)).body as { code: string };
    const verified = await review(serviceId, { ...good, visitCode: code.toLowerCase() }, cookies.other);
    expect(verified).toMatchObject({ status: 201, body: { verified: true } });
    expect((await getPublicService(serviceId)).reviews.find((item) => item._id === verified.body._id)!.verified).toBe(
      true,
    );

    const stranger = await makeUser();
    const strangerCookie = await signIn(stranger.email);
    const reused = await review(serviceId, { ...good, visitCode: code }, strangerCookie);
    expect(reused.status).toBe(400);
    expect(Object.keys(reused.body.errors as object)).toEqual(["visitCode"]);
    expect(await prisma.review.count({ where: { userId: stranger.id } })).toBe(0);

    const foreign = (await issueCode(otherServiceId, cookies.otherOwner)).body.code as string;
    expect((await review(serviceId, { ...good, visitCode: foreign }, strangerCookie)).status).toBe(400);

    const expired = (await issueCode(serviceId, cookies.owner)).body.code as string;
    await prisma.visitCode.updateMany({
      where: { serviceId, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await review(serviceId, { ...good, visitCode: expired }, strangerCookie)).status).toBe(400);
    expect((await review(serviceId, good, strangerCookie)).body.verified).toBe(false);
  });

  it("caps outstanding codes by what customers redeem, and throttles 20 a day", async () => {
    const prisma = await getPrisma();
    const service = await makeService({ ownerId: ids.owner, name: "Code Garage" });
    const expiresAt = new Date(Date.now() + 86_400_000);
    await prisma.visitCode.createMany({
      data: Array.from({ length: 20 }, (_, i) => ({
        serviceId: service.id,
        codeHash: createHash("sha256").update(`${service.id}/${i}`).digest("hex"),
        expiresAt,
      })),
    });
    const capped = await issueCode(service.id, cookies.owner);
    expect(capped.status).toBe(429);
    expect(capped.body.key).toBe("VisitCodes.tooManyOutstanding");
    const one = await prisma.visitCode.findFirstOrThrow({ where: { serviceId: service.id } });
    await prisma.visitCode.update({ where: { id: one.id }, data: { usedAt: new Date() } });
    // One redeemed: one slot freed and one earned.
    expect((await issueCode(service.id, cookies.owner)).status).toBe(201);
    expect((await issueCode(service.id, cookies.owner)).status).toBe(201);
    expect((await issueCode(service.id, cookies.owner)).status).toBe(429);

    const busy = await makeService({ ownerId: ids.owner, name: "Busy Garage" });
    for (let i = 0; i < 19; i++) await tryTake("visitCode", busy.id);
    expect((await issueCode(busy.id, cookies.owner)).status).toBe(201);
    const throttled = await issueCode(busy.id, cookies.owner);
    expect(throttled.status).toBe(429);
    expect(throttled.body.key).toBe("Auth.tooManyRequests");
  });
});
