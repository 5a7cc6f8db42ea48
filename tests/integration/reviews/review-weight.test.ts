import { beforeAll, describe, expect, it } from "vitest";

import { POST as reportRoute } from "@/app/api/items/[id]/reviews/[reviewId]/report/route";
import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { DELETE as burstRoute } from "@/app/api/items/admin/[id]/burst/route";
import { GET as queueRoute } from "@/app/api/items/admin/reports/route";
import { getPublicService } from "@/features/catalog/server/detail";
import { refreshReviewWeights } from "@/features/reviews/server/weights-job";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * The attacks an audit scripted against the rating: waves of fresh accounts posting 5★ or 1★, and
 * fresh accounts reporting an honest review. Reviewers of the honest reviews are established (old,
 * confirmed accounts), so their reviews count fully.
 */

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
  const headers: Record<string, string> = { "x-forwarded-for": `10.19.${Math.floor(++ip / 250) % 250}.${ip % 250}` };
  if (cookie) headers.cookie = cookie;
  const response = await call(
    handler,
    makeRequest(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    params(routeParams),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const review = (serviceId: string, body: unknown, cookie: string) =>
  send(reviewRoute as Handler, `/api/items/${serviceId}/reviews`, "POST", { id: serviceId }, body, cookie);
const report = (serviceId: string, reviewId: string, body: unknown, cookie: string) =>
  send(
    reportRoute as Handler,
    `/api/items/${serviceId}/reviews/${reviewId}/report`,
    "POST",
    { id: serviceId, reviewId },
    body,
    cookie,
  );
const queue = (cookie: string) =>
  send(queueRoute as unknown as Handler, "/api/items/admin/reports", "GET", {}, undefined, cookie);
const clearBurst = (serviceId: string, cookie: string) =>
  send(burstRoute as Handler, `/api/items/admin/${serviceId}/burst`, "DELETE", { id: serviceId }, undefined, cookie);

const DAY = 86_400_000;

/** A signed-in account; `ageDays` back-dates it (an established account). */
async function account(ageDays = 0): Promise<{ id: string; cookie: string }> {
  const user = await makeUser();
  if (ageDays) {
    const prisma = await getPrisma();
    await prisma.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - ageDays * DAY) } });
  }
  return { id: user.id, cookie: await signIn(user.email) };
}

const HONEST = [
  { quality: 3, speed: 3, price: 3 },
  { quality: 3, speed: 4, price: 3 },
  { quality: 2, speed: 3, price: 3 },
  { quality: 4, speed: 3, price: 3 },
  { quality: 3, speed: 3, price: 2 },
];

/** A station with five honest reviews from established accounts; returns its id and those reviews' ids. */
async function honestStation(name: string): Promise<{ id: string; reviews: string[] }> {
  const service = await makeService({ name });
  const reviews: string[] = [];
  for (const rating of HONEST) {
    const reviewer = await account(120);
    const answer = await review(service.id, { rating, comment: "Honest words" }, reviewer.cookie);
    expect(answer.status).toBe(201);
    reviews.push(answer.body._id as string);
  }
  return { id: service.id, reviews };
}

async function standing(serviceId: string) {
  const prisma = await getPrisma();
  const row = await prisma.service.findUniqueOrThrow({ where: { id: serviceId } });
  const shown = await getPublicService(serviceId);
  return { row, shown };
}

let admin = "";

beforeAll(async () => {
  const user = await makeUser({ isAdmin: true });
  admin = await signIn(user.email);
});

describe.each([
  ["5★", "high", { quality: 5, speed: 5, price: 5 }],
  ["1★", "low", { quality: 1, speed: 1, price: 1 }],
] as const)("twenty fresh accounts posting %s", (_label, direction, rating) => {
  it("move neither the shown average nor the ranking score by 0.2, and raise a flag an admin sees", async () => {
    const station = await honestStation(`Attacked ${direction} Garage`);
    const before = await standing(station.id);
    expect(before.row.burstFlaggedAt).toBeNull();
    for (let i = 0; i < 20; i++) {
      const fresh = await account();
      expect((await review(station.id, { rating, comment: "Wow" }, fresh.cookie)).status).toBe(201);
    }
    const after = await standing(station.id);
    expect(Math.abs(after.row.ratingAvg - before.row.ratingAvg)).toBeLessThan(0.2);
    expect(Math.abs(after.row.ratingScore - before.row.ratingScore)).toBeLessThan(0.2);
    expect(Math.abs(after.shown.rating.avg - before.shown.rating.avg)).toBeLessThan(0.2);
    expect(Math.abs(after.shown.rating.score - before.shown.rating.score)).toBeLessThan(0.2);
    // Shown at once, all of them.
    expect(after.shown.reviews).toHaveLength(25);
    expect(after.row.burstFlaggedAt).not.toBeNull();
    expect(after.row.burstDirection).toBe(direction);
    const flagged = (await queue(admin)).body.flagged as { _id: string; direction: string; held: number }[];
    expect(flagged.find((item) => item._id === station.id)).toMatchObject({ direction });
  });
});

describe("the four-account attacks the audit found", () => {
  it("four fresh 5★ on a 2.0 station: flagged high, the rank barely moves", async () => {
    const service = await makeService({ name: "Two Star Garage" });
    for (let i = 0; i < 4; i++) {
      const reviewer = await account(120);
      await review(service.id, { rating: { quality: 2, speed: 2, price: 2 }, comment: "Meh" }, reviewer.cookie);
    }
    const before = await standing(service.id);
    for (let i = 0; i < 4; i++)
      await review(
        service.id,
        { rating: { quality: 5, speed: 5, price: 5 }, comment: "Best" },
        (await account()).cookie,
      );
    const after = await standing(service.id);
    expect(after.row).toMatchObject({ burstDirection: "high" });
    expect(after.row.ratingAvg - before.row.ratingAvg).toBeLessThan(0.2);
    expect(after.row.ratingScore - before.row.ratingScore).toBeLessThan(0.2);
  });

  it("four fresh 2.33★ on a 4.4 station: flagged low", async () => {
    const service = await makeService({ name: "Good Garage" });
    for (const quality of [4, 5, 4, 5, 4]) {
      const reviewer = await account(120);
      await review(service.id, { rating: { quality, speed: 4, price: 5 }, comment: "Good" }, reviewer.cookie);
    }
    const before = await standing(service.id);
    for (let i = 0; i < 4; i++)
      await review(
        service.id,
        { rating: { quality: 2, speed: 2, price: 3 }, comment: "Bad" },
        (await account()).cookie,
      );
    const after = await standing(service.id);
    expect(after.row).toMatchObject({ burstDirection: "low" });
    expect(before.row.ratingAvg - after.row.ratingAvg).toBeLessThan(0.2);
    expect(before.row.ratingScore - after.row.ratingScore).toBeLessThan(0.2);
  });
});

describe("reviewer weight", () => {
  it("counts a fresh account's review little, shows it at once, and lets it count fully once the account matures", async () => {
    const prisma = await getPrisma();
    const station = await honestStation("Maturing Garage");
    const before = await standing(station.id);
    expect(before.row).toMatchObject({ numReviews: 5, fullReviews: 5 });
    expect(before.row.weightSum).toBeCloseTo(5, 5);
    expect(before.shown).toMatchObject({ numReviews: 5, fullReviews: 5 });

    const fresh = await account();
    await review(station.id, { rating: { quality: 5, speed: 5, price: 4 }, comment: "New here" }, fresh.cookie);
    const young = await standing(station.id);
    expect(young.row).toMatchObject({ numReviews: 6, fullReviews: 5, burstFlaggedAt: null });
    expect(young.row.weightSum).toBeLessThan(5.2);
    expect(young.shown.reviews.find((item) => item.comment === "New here")).toBeTruthy();
    expect(young.row.ratingAvg - before.row.ratingAvg).toBeLessThan(0.1);

    // Two months on, the account is established: the job weighs its review again.
    await prisma.user.update({ where: { id: fresh.id }, data: { createdAt: new Date(Date.now() - 60 * DAY) } });
    await refreshReviewWeights();
    const grown = await standing(station.id);
    expect(grown.row).toMatchObject({ numReviews: 6, fullReviews: 6 });
    expect(grown.row.weightSum).toBeCloseTo(6, 5);
    expect(grown.row.ratingAvg).toBeCloseTo((3 + 10 / 3 + 8 / 3 + 10 / 3 + 8 / 3 + 14 / 3) / 6, 2);
    expect(grown.row.ratingScore).toBeGreaterThan(young.row.ratingScore);
  });

  it("releases a burst's held reviews when an admin clears the flag; they count with their weight", async () => {
    const station = await honestStation("Cleared Garage");
    for (let i = 0; i < 3; i++)
      await review(
        station.id,
        { rating: { quality: 5, speed: 5, price: 5 }, comment: "Top" },
        (await account()).cookie,
      );
    const held = await standing(station.id);
    expect(held.row.burstFlaggedAt).not.toBeNull();
    expect(held.shown.reviews.filter((item) => item.held)).toHaveLength(3);
    expect((await clearBurst(station.id, admin)).status).toBe(200);
    const cleared = await standing(station.id);
    expect(cleared.row).toMatchObject({ numReviews: 8, fullReviews: 5, burstFlaggedAt: null, burstDirection: null });
    expect(cleared.row.ratingAvg - held.row.ratingAvg).toBeLessThan(0.2);
  });
});

describe("reports", () => {
  it("five fresh accounts reporting an honest review do not hide it: it waits in the moderation queue", async () => {
    const prisma = await getPrisma();
    const station = await honestStation("Reported Honest Garage");
    const target = station.reviews[0]!;
    const before = await standing(station.id);
    for (let i = 0; i < 5; i++) {
      const answer = await report(station.id, target, { reason: "spam" }, (await account()).cookie);
      expect(answer.status).toBe(201);
    }
    const stored = await prisma.review.findUniqueOrThrow({ where: { id: target } });
    expect(stored.hiddenAt).toBeNull();
    const after = await standing(station.id);
    expect(after.row).toMatchObject({ numReviews: before.row.numReviews, ratingAvg: before.row.ratingAvg });
    expect(after.shown.reviews.find((item) => item._id === target)).toMatchObject({
      hidden: null,
      comment: "Honest words",
    });
    const items = (await queue(admin)).body.items as { _id: string; reports: unknown[]; hidden: string | null }[];
    expect(items.find((item) => item._id === target)).toMatchObject({ hidden: null });
    expect(items.find((item) => item._id === target)!.reports).toHaveLength(5);
  });

  it("reports from established accounts still hide a review pending a moderator", async () => {
    const prisma = await getPrisma();
    const station = await honestStation("Reported Spam Garage");
    const target = station.reviews[1]!;
    for (let i = 0; i < 2; i++) await report(station.id, target, { reason: "spam" }, (await account(120)).cookie);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: target } })).hiddenAt).toBeNull();
    await report(station.id, target, { reason: "spam" }, (await account(120)).cookie);
    expect(await prisma.review.findUniqueOrThrow({ where: { id: target } })).toMatchObject({ hiddenReason: "pending" });
    expect((await standing(station.id)).row.numReviews).toBe(4);
  });
});
