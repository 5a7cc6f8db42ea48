import { beforeAll, describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { DELETE as burstRoute } from "@/app/api/items/admin/[id]/burst/route";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { addresses, apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";
import { answerAs, api, person, sendRequest, shop, type Person } from "../requests/api";
import { jobApi } from "../requests/job-api";

/**
 * Verified visits bought with requests for a price: a fresh account asks a station, the station
 * answers, the account accepts, the station marks the job done, the account confirms it, and its
 * review is then a verified visit. The owner can do it from
 * sock puppets to lift their own station, and a competitor's puppets can do it to an honest shop
 * that answers whoever asks. Before the rule held a visit to what the account's age and history
 * earn, four such accounts moved a station's score by +0.34 and −0.72 and no burst was flagged.
 */
const nextIp = addresses("10.58");
const DAY = 86_400_000;
type Rating = { quality: number; speed: number; price: number };

async function review(serviceId: string, rating: Rating, cookie: string) {
  const response = await call(
    reviewRoute,
    apiRequest("POST", `/api/items/${serviceId}/reviews`, { body: { rating, comment: "Wave" }, cookie, ip: nextIp() }),
    params({ id: serviceId }),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { _id: string; verified: boolean };
}

/** An account `ageDays` old (0: made a minute ago), confirmed, signed in. */
async function account(ageDays: number): Promise<Person> {
  const someone = await person();
  if (ageDays)
    await (
      await getPrisma()
    ).user.update({ where: { id: someone.id }, data: { createdAt: new Date(Date.now() - ageDays * DAY) } });
  return someone;
}

/** A station with twelve reviews from established accounts, enough that four more do not move its plain mean by 1★. */
async function reviewedShop(name: string, ratings: Rating) {
  const station = await shop({ name });
  for (let i = 0; i < 12; i++) await review(station.id, ratings, (await account(120)).cookie);
  return station;
}

/**
 * The puppet asks the station for a price, the owner answers, the puppet accepts, the owner marks
 * the job done and the puppet confirms it (all one person's doing), then posts its review.
 */
async function verifiedReview(station: Awaited<ReturnType<typeof shop>>, puppet: Person, rating: Rating) {
  const requestId = await sendRequest(puppet, [station.id]);
  const answerId = await answerAs(station.owner, requestId, station.id, { price: 1500 });
  expect((await api.accept(requestId, { answerId }, puppet.cookie)).status).toBe(200);
  expect((await jobApi.done(requestId, { finalPrice: 1500 }, station.owner.cookie)).status).toBe(200);
  expect((await jobApi.decide(requestId, { decision: "confirm" }, puppet.cookie)).status).toBe(200);
  return review(station.id, rating, puppet.cookie);
}

const figures = async (serviceId: string) =>
  (await getPrisma()).service.findUniqueOrThrow({
    where: { id: serviceId },
    select: { ratingAvg: true, ratingScore: true, burstFlaggedAt: true, burstDirection: true },
  });

let admin = "";

beforeAll(async () => {
  admin = await signIn((await makeUser({ isAdmin: true })).email);
});

describe.each([
  ["the owner's minute-old sock puppets, 5★", 0, "high", { quality: 3, speed: 3, price: 3 }, 5],
  [
    "a competitor's minute-old puppets, 1★ on an honest shop that answered",
    0,
    "low",
    { quality: 4, speed: 5, price: 4 },
    1,
  ],
  ["week-old sock puppets, 5★", 7, "high", { quality: 3, speed: 3, price: 3 }, 5],
  ["a competitor's week-old puppets, 1★", 7, "low", { quality: 4, speed: 5, price: 4 }, 1],
] as const)("four accounts with accepted requests: %s", (label, ageDays, direction, standing, stars) => {
  it("are verified visits, yet raise the burst flag and leave the score where it was until an admin looks", async () => {
    const station = await reviewedShop(`Attacked ${label}`, standing);
    const before = await figures(station.id);
    expect(before.burstFlaggedAt).toBeNull();
    const rating = { quality: stars, speed: stars, price: stars };
    for (let i = 0; i < 4; i++)
      expect((await verifiedReview(station, await account(ageDays), rating)).verified).toBe(true);
    const after = await figures(station.id);
    expect(after).toMatchObject({ burstDirection: direction, burstFlaggedAt: expect.any(Date) });
    expect(Math.abs(after.ratingScore - before.ratingScore)).toBeLessThan(0.01);
    expect(Math.abs(after.ratingAvg - before.ratingAvg)).toBeLessThan(0.01);

    // Cleared by an admin, the wave counts with what its accounts earned: a fraction of the move it bought before.
    const cleared = await call(
      burstRoute,
      apiRequest("DELETE", `/api/items/admin/${station.id}/burst`, { cookie: admin, ip: nextIp() }),
      params({ id: station.id }),
    );
    expect(cleared.status).toBe(200);
    const counted = await figures(station.id);
    expect(counted.burstFlaggedAt).toBeNull();
    const moved = counted.ratingScore - before.ratingScore;
    expect(Math.sign(moved)).toBe(direction === "high" ? 1 : -1);
    expect(Math.abs(moved)).toBeLessThan(ageDays === 0 ? 0.1 : 0.25);
  });
});
