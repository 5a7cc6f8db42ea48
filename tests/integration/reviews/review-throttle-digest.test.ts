import { beforeAll, describe, expect, it } from "vitest";

import { POST as reviewRoute } from "@/app/api/items/[id]/reviews/route";
import { sendReviewDigests } from "@/features/reviews/server/review-digest";
import { JOBS } from "@/jobs";
import { getPrisma } from "@/lib/db/client";
import { THROTTLES } from "@/lib/security/rate-limit";

import { makeService, makeUser } from "../../helpers/factories";
import { apiRequest, call, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const rating = { quality: 4, speed: 4, price: 3 };

async function review(serviceId: string, cookie: string, ip: string, body: unknown = { rating, comment: "" }) {
  const response = await call(
    reviewRoute,
    apiRequest("POST", `/api/items/${serviceId}/reviews`, { body, cookie, ip }),
    params({ id: serviceId }),
  );
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
}

async function signedInUsers(count: number) {
  const users = [];
  for (let i = 0; i < count; i++) {
    const user = await makeUser();
    users.push({ ...user, cookie: await signIn(user.email) });
  }
  return users;
}

async function stations(count: number, ownerId: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await makeService({ ownerId, name: `Station ${i}` })).id);
  return ids;
}

let ownerId = "";
beforeAll(async () => {
  ownerId = (await makeUser({ name: "Station Owner" })).id;
});

describe("review throttle", () => {
  it("stops a fresh account after a handful of new reviews, not a driver's edits", async () => {
    const limit = THROTTLES.review.points;
    // The audit's account posted 10 in 303 ms: the limit must stop it well before that.
    expect(limit).toBeLessThan(10);
    const [driver] = await signedInUsers(1);
    const ids = await stations(limit + 2, ownerId);
    const answers = [];
    // From a fresh address each time: this is the account's own limit.
    for (const [i, id] of ids.entries()) answers.push(await review(id, driver!.cookie, `10.61.1.${i + 1}`));
    expect(answers.slice(0, limit).map((answer) => answer.status)).toEqual(Array(limit).fill(201));
    const refused = answers[limit]!;
    expect(refused.status).toBe(429);
    expect(refused.body.key).toBe("Auth.tooManyRequests");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(answers[limit + 1]!.status).toBe(429);
    const prisma = await getPrisma();
    expect(await prisma.review.count({ where: { userId: driver!.id } })).toBe(limit);
    // Correcting a review already posted adds none and mails nobody: it is not counted.
    const edited = await review(ids[0]!, driver!.cookie, "10.61.1.200", { rating, comment: "Fixed a typo" });
    expect(edited.status).toBe(201);
  });

  it("limits one client address across accounts, with room for a shared address", async () => {
    const perAddress = THROTTLES.reviewAddress.points;
    const perAccount = THROTTLES.review.points;
    expect(perAddress).toBeGreaterThan(perAccount);
    const accounts = await signedInUsers(Math.ceil(perAddress / perAccount) + 1);
    const ids = await stations(perAddress + 1, ownerId);
    const statuses: number[] = [];
    for (const [i, id] of ids.entries()) {
      const author = accounts[Math.floor(i / perAccount)]!;
      statuses.push((await review(id, author.cookie, "10.62.0.1")).status);
    }
    expect(statuses.slice(0, perAddress)).toEqual(Array(perAddress).fill(201));
    expect(statuses[perAddress]).toBe(429);
    // Another address is not affected.
    expect((await review(ids[perAddress]!, accounts.at(-1)!.cookie, "10.62.0.2")).status).toBe(201);
  });
});

describe("owners' review digest", () => {
  it("sends each owner one mail for many new reviews, in their language, never twice", async () => {
    const prisma = await getPrisma();
    // The throttle tests' reviews go out first, to their own owner.
    await sendReviewDigests();
    const owner = await makeUser({ name: "Олена" });
    await prisma.user.update({ where: { id: owner.id }, data: { locale: "uk" } });
    const english = await makeUser({ name: "Oliver" });
    const garage = (await makeService({ ownerId: owner.id, name: "Гараж на Подолі" })).id;
    const tyres = (await makeService({ ownerId: owner.id, name: "Шини & Диски" })).id;
    const other = (await makeService({ ownerId: english.id, name: "Oliver's Garage" })).id;
    const drivers = await signedInUsers(4);
    const posted: { serviceId: string; id: string }[] = [];
    for (const [i, driver] of drivers.entries()) {
      for (const serviceId of i < 3 ? [garage, tyres] : [garage, other]) {
        const answer = await review(serviceId, driver.cookie, `10.63.0.${i + 1}`);
        expect(answer.status).toBe(201);
        posted.push({ serviceId, id: answer.body._id as string });
      }
    }
    // Eight new reviews: no mail yet, and none per review.
    const ownerMails = () => prisma.mailOutbox.findMany({ where: { to: owner.email }, orderBy: { createdAt: "asc" } });
    expect(await ownerMails()).toHaveLength(0);

    expect(await sendReviewDigests()).toBe(2);
    const mails = await ownerMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.kind).toBe("reviewDigest");
    expect(mail!.locale).toBe("uk");
    expect(mail!.subject).toBe("7 нових відгуків у Майстрі");
    expect(mail!.text).toContain("Вітаємо, Олена!");
    expect(mail!.text).toContain("«Гараж на Подолі»: 4 нові відгуки");
    expect(mail!.text).toContain("«Шини & Диски»: 3 нові відгуки");
    for (const { serviceId, id } of posted.filter((item) => item.serviceId !== other))
      expect(mail!.text).toContain(`/ua/service/${serviceId}#review-${id}`);
    expect(mail!.html).toContain("Шини &amp; Диски");
    expect(mail!.text).not.toContain(other);
    const englishMail = await prisma.mailOutbox.findFirstOrThrow({ where: { to: english.email } });
    expect(englishMail.subject).toBe("1 new review on Maister");
    expect(englishMail.text).toContain(`/service/${other}#review-`);
    expect(englishMail.text).not.toContain("/ua/");

    // The next run finds nothing; an edit does not bring a review back.
    expect((await review(garage, drivers[0]!.cookie, "10.63.0.9", { rating, comment: "Edited" })).status).toBe(201);
    expect(await sendReviewDigests()).toBe(0);
    expect(await ownerMails()).toHaveLength(1);
    expect(await prisma.reviewDigestPending.count()).toBe(0);

    // A later review comes in the next digest, alone.
    const late = await review(tyres, drivers[3]!.cookie, "10.63.0.4");
    expect(await sendReviewDigests()).toBe(1);
    const next = (await ownerMails())[1]!;
    expect(next.subject).toBe("1 новий відгук у Майстрі");
    expect(next.text).toContain(`#review-${late.body._id as string}`);
    expect(next.text).not.toContain(`#review-${posted[0]!.id}`);
  });

  it("keeps a review held for a burst check out of the digest until it is released", async () => {
    const prisma = await getPrisma();
    await sendReviewDigests();
    const owner = await makeUser({ name: "Held Owner" });
    const station = (await makeService({ ownerId: owner.id, name: "Held Station" })).id;
    const [driver] = await signedInUsers(1);
    const posted = await review(station, driver!.cookie, "10.63.1.1");
    expect(posted.status).toBe(201);
    await prisma.review.update({ where: { id: posted.body._id as string }, data: { heldAt: new Date() } });
    expect(await sendReviewDigests()).toBe(0);
    expect(await prisma.mailOutbox.count({ where: { to: owner.email } })).toBe(0);
    // Released (an admin cleared the flag): it goes out in the next digest.
    await prisma.review.update({ where: { id: posted.body._id as string }, data: { heldAt: null } });
    expect(await sendReviewDigests()).toBe(1);
    const mail = await prisma.mailOutbox.findFirstOrThrow({ where: { to: owner.email } });
    expect(mail.text).toContain(`#review-${posted.body._id as string}`);
  });

  it("runs as a periodic job", () => {
    expect(JOBS.find((job) => job.name === "review-digest")?.everyMs).toBe(60 * 60_000);
  });
});
