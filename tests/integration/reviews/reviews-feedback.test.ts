import { beforeAll, describe, expect, it } from "vitest";

import { POST as feedbackRoute } from "@/app/api/etc/feedback/route";
import { GET as reviewerRoute } from "@/app/api/items/[id]/reviews/mine/route";
import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { reviewerView } from "@/features/reviews/server/reviews";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn, viewerOf } from "../../helpers/sign-in";

const review = (serviceId: string, body: unknown, cookie?: string) =>
  call(
    reviewRoute,
    makeRequest(`/api/items/${serviceId}/reviews`, {
      method: "POST",
      headers: cookie ? { cookie } : {},
      body: JSON.stringify(body),
    }),
    params({ id: serviceId }),
  );

const cookies: Record<string, string> = {};
let serviceId = "";
let ownerId = "";

beforeAll(async () => {
  const owner = await makeUser();
  const reviewer = await makeUser({ name: "Reviewer" });
  const other = await makeUser();
  const blocked = await makeUser();
  const admin = await makeUser({ isAdmin: true });
  ownerId = owner.id;
  serviceId = (await makeService({ ownerId: owner.id, name: "Reviewed Garage" })).id;
  cookies.owner = await signIn(owner.email);
  cookies.reviewer = await signIn(reviewer.email);
  cookies.other = await signIn(other.email);
  cookies.admin = await signIn(admin.email);
  cookies.blocked = await signIn(blocked.email);
  const mechanic = await makeUser();
  await makeService({ ownerId: mechanic.id, role: "mechanic" });
  cookies.mechanic = await signIn(mechanic.email);

  await (await getPrisma()).user.update({ where: { id: blocked.id }, data: { isBlocked: true } });
});

const good = { rating: { quality: 5, speed: 4, price: 3 }, comment: "<b>Fast</b> and fair" };

describe("POST /api/items/{id}/reviews", () => {
  it.each([
    ["anonymous", undefined, 401],
    ["blocked mid-session", "blocked", 401],
    ["the owner", "owner", 403],
  ])("refuses %s", async (_who, as, status) => {
    const response = await review(serviceId, good, as ? cookies[as] : undefined);
    expect(response.status).toBe(status);
    expect((await response.json()).message).toBeTruthy();
  });

  it("stores a review, updates the aggregates, and a second post replaces the first", async () => {
    expect((await review(serviceId, good, cookies.reviewer)).status).toBe(201);
    const prisma = await getPrisma();
    let service = await prisma.service.findUniqueOrThrow({ where: { id: serviceId } });
    expect(service).toMatchObject({ numReviews: 1, qualityAvg: 5, speedAvg: 4, priceAvg: 3, ratingAvg: 4 });

    expect(
      (await review(serviceId, { rating: { quality: 1, speed: 1, price: 1 }, comment: "" }, cookies.reviewer)).status,
    ).toBe(201);
    service = await prisma.service.findUniqueOrThrow({ where: { id: serviceId } });
    expect(service).toMatchObject({ numReviews: 1, ratingAvg: 1 });

    expect((await review(serviceId, good, cookies.other)).status).toBe(201);
    expect((await review(serviceId, good, cookies.admin)).status).toBe(201);
    service = await prisma.service.findUniqueOrThrow({ where: { id: serviceId } });
    expect(service.numReviews).toBe(3);
    expect(service.ratingAvg).toBeCloseTo((1 + 4 + 4) / 3, 5);
    const stored = await prisma.review.findFirstOrThrow({ where: { serviceId, user: { name: { not: "Reviewer" } } } });
    expect(stored.comment).toBe("<b>Fast</b> and fair");
    expect(service.ownerId).toBe(ownerId);
  });

  it("lets a master review someone else's service", async () => {
    const other = (await makeService({ name: "Another Garage" })).id;
    expect((await review(other, good, cookies.mechanic)).status).toBe(201);
  });

  it.each([
    ["a score of 0", { rating: { quality: 0, speed: 4, price: 3 } }],
    ["a score of 6", { rating: { quality: 5, speed: 6, price: 3 } }],
    ["a missing score", { rating: { quality: 5, speed: 4 } }],
    ["no rating", { comment: "hi" }],
    ["a comment over 600", { rating: { quality: 5, speed: 4, price: 3 }, comment: "x".repeat(601) }],
  ])("refuses %s with a 400 and changes nothing", async (_case, body) => {
    const prisma = await getPrisma();
    const before = await prisma.service.findUniqueOrThrow({ where: { id: serviceId } });
    const response = await review(serviceId, body, cookies.other);
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toBeTruthy();
    expect(await prisma.service.findUniqueOrThrow({ where: { id: serviceId } })).toMatchObject({
      numReviews: before.numReviews,
      ratingAvg: before.ratingAvg,
    });
  });

  it("answers 404 for unknown, malformed and unpublished services", async () => {
    expect((await review("0190a000-0000-7000-8000-000000000000", good, cookies.other)).status).toBe(404);
    expect((await review("abc", good, cookies.other)).status).toBe(404);
    const unpaid = await makeService({ isPaid: false });
    expect((await review(unpaid.id, good, cookies.other)).status).toBe(404);
  });
});

describe("reviewerView (what the detail page offers)", () => {
  const stateOf = async (cookie: string | null, id: string) =>
    (await reviewerView(cookie ? await viewerOf(cookie) : null, id)).state;

  it("is the sign-in prompt for visitors, nothing for the owner, and the form otherwise", async () => {
    const fresh = (await makeService({ ownerId })).id;
    expect(await stateOf(null, fresh)).toBe("anonymous");
    expect(await stateOf(cookies.owner!, fresh)).toBe("owner");
    expect(await stateOf(cookies.other!, fresh)).toBe("new");
    expect((await review(fresh, good, cookies.other)).status).toBe(201);
    expect(await stateOf(cookies.other!, fresh)).toBe("reviewed");
    expect(await stateOf(cookies.other!, "not-a-uuid")).toBe("new");
  });
});

describe("GET /api/items/{id}/reviews/mine (the viewer's side of a service page from the page cache)", () => {
  const mine = async (id: string, cookie?: string) => {
    const response = await call(
      reviewerRoute,
      makeRequest(`/api/items/${id}/reviews/mine`, { headers: cookie ? { cookie } : {} }),
      params({ id }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return response.json();
  };

  it("answers each role its own: nothing for a visitor, the note and replies for the owner, replies for an admin, the form for others", async () => {
    const fresh = (await makeService({ ownerId })).id;
    expect(await mine(fresh)).toEqual({ state: "anonymous", own: null, reported: [], canReply: false });
    expect(await mine(fresh, cookies.owner)).toEqual({ state: "owner", own: null, reported: [], canReply: true });
    expect(await mine(fresh, cookies.admin)).toEqual({ state: "new", own: null, reported: [], canReply: true });
    expect(await mine(fresh, cookies.other)).toEqual({ state: "new", own: null, reported: [], canReply: false });
    // A blocked user's cookie is nobody's.
    expect(await mine(fresh, cookies.blocked)).toEqual({
      state: "anonymous",
      own: null,
      reported: [],
      canReply: false,
    });
  });

  it("gives the author their own review to edit and the reviews they reported, and nobody else's", async () => {
    const fresh = (await makeService({ ownerId })).id;
    expect((await review(fresh, good, cookies.other)).status).toBe(201);
    expect((await review(fresh, { ...good, comment: "Slow" }, cookies.reviewer)).status).toBe(201);
    const prisma = await getPrisma();
    const [byOther, byReviewer] = await Promise.all(
      [cookies.other!, cookies.reviewer!].map(async (cookie) =>
        prisma.review.findFirstOrThrow({ where: { serviceId: fresh, userId: (await viewerOf(cookie))!.id } }),
      ),
    );
    await prisma.reviewReport.create({ data: { reviewId: byReviewer!.id, userId: byOther!.userId, reason: "spam" } });

    const other = await mine(fresh, cookies.other);
    expect(other).toMatchObject({ state: "reviewed", reported: [byReviewer!.id], canReply: false });
    expect(other.own).toEqual({
      _id: byOther!.id,
      rating: good.rating,
      comment: good.comment,
      paidJob: null,
      paidUah: null,
    });
    const reviewer = await mine(fresh, cookies.reviewer);
    expect(reviewer).toMatchObject({ state: "reviewed", reported: [], own: { _id: byReviewer!.id, comment: "Slow" } });
    expect(await mine(fresh, cookies.owner)).toMatchObject({ state: "owner", own: null, reported: [] });
    expect(await mine("not-a-uuid", cookies.other)).toEqual({ state: "new", own: null, reported: [], canReply: false });
  });
});

describe("POST /api/etc/feedback", () => {
  const send = (body: unknown, from = "10.2.0.1") =>
    call(
      feedbackRoute,
      makeRequest("/api/etc/feedback", {
        method: "POST",
        headers: { "x-forwarded-for": from },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );

  it("stores the feedback and mails it to the site", async () => {
    const response = await send({
      title: "Great site",
      message: "Thanks!\nMore masters in Lviv, please.",
      email: "driver@test.local",
    });
    expect(response.status).toBe(201);
    expect((await response.json()).message).toBe("Thank you for your feedback!");
    const prisma = await getPrisma();
    expect(await prisma.feedback.count({ where: { email: "driver@test.local" } })).toBe(1);
    expect(await prisma.mailOutbox.count({ where: { kind: "feedback" } })).toBeGreaterThan(0);
  });

  it.each([
    ["no title", { message: "m", email: "a@b.co" }, "title"],
    ["a title over 200", { title: "t".repeat(201), message: "m", email: "a@b.co" }, "title"],
    ["a message over 2000", { title: "t", message: "m".repeat(2001), email: "a@b.co" }, "message"],
    ["no e-mail", { title: "t", message: "m" }, "email"],
  ])("refuses %s", async (_case, body, field) => {
    const response = await send(body, "10.2.0.9");
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).errors)).toContain(field);
  });

  it("limits one address to five messages an hour", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await send({ title: `t${i}`, message: "m", email: "spam@test.local" }, "10.2.0.77")).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
