import { beforeAll, describe, expect, it } from "vitest";

import { GET as detailRoute } from "@/app/api/items/[id]/route";
import { GET as listRoute } from "@/app/api/items/route";
import { RESPONSE_WINDOW_DAYS } from "@/features/requests/rules";
import { refreshAllResponseFigures, refreshResponseFigures } from "@/features/requests/server/response-figures";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { answerAs, person, sendRequest, shop } from "./api";
import { makeQuoteRequest } from "./job-fixtures";

/**
 * Response figures as stored on services and shown by the API: the rule's maths
 * (features/requests/response-time.test.ts) over the database's targets and requests.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
let driverId = "";

/** Back-dates an account by a year: a driver whose requests count (their reviews could move a rating). */
async function established<T extends { id: string }>(account: T): Promise<T> {
  await (
    await getPrisma()
  ).user.update({ where: { id: account.id }, data: { createdAt: new Date(Date.now() - 365 * DAY_MS) } });
  return account;
}

beforeAll(async () => {
  driverId = (await established(await makeUser({ name: "Asking Driver" }))).id;
});

const stored = async (serviceId: string) =>
  (await getPrisma()).service.findUniqueOrThrow({
    where: { id: serviceId },
    select: { responseMinutes: true, responseRate: true },
  });

const refreshOne = async (serviceId: string) =>
  (await getPrisma()).$transaction((tx) => refreshResponseFigures(tx, serviceId));

async function shown(serviceId: string, name: string) {
  const detail = (await (
    await call(detailRoute, makeRequest(`/api/items/${serviceId}`), params({ id: serviceId }))
  ).json()) as { responseTime: number | null; responseRate: number | null };
  const list = (await (
    await call(listRoute, makeRequest(`/api/items?keyword=${encodeURIComponent(name)}`))
  ).json()) as {
    items: { _id: string; responseTime: number | null; responseRate: number | null }[];
  };
  const item = list.items.find((entry) => entry._id === serviceId)!;
  return {
    detail: { responseTime: detail.responseTime, responseRate: detail.responseRate },
    item: { responseTime: item.responseTime, responseRate: item.responseRate },
  };
}

/** A closed (expired) request to the service, answered after `minutes` or never (null). */
const closedRequest = (serviceId: string, minutes: number | null, daysAgo = 2) =>
  makeQuoteRequest({
    driverId,
    sentAt: new Date(Date.now() - daysAgo * DAY_MS),
    status: "expired",
    targets: [
      minutes === null
        ? { serviceId, status: "cancelled" }
        : { serviceId, answeredAfterMin: minutes, status: "cancelled" },
    ],
  });

describe("a service's response figures", () => {
  it("appear only from the third counted request, with the median time and the share answered", async () => {
    const service = await makeService({ name: "Quick Brakes Figures" });
    await closedRequest(service.id, 10);
    await closedRequest(service.id, 60);
    expect(await refreshOne(service.id)).toBe(false);
    expect(await stored(service.id)).toEqual({ responseMinutes: null, responseRate: null });
    // A request still open and unanswered does not count yet.
    await makeQuoteRequest({ driverId, targets: [service.id] });
    await refreshOne(service.id);
    expect(await stored(service.id)).toEqual({ responseMinutes: null, responseRate: null });

    // The third counted: answered after 20 minutes on a request still open.
    await makeQuoteRequest({ driverId, targets: [{ serviceId: service.id, answeredAfterMin: 20 }] });
    expect(await refreshOne(service.id)).toBe(true);
    expect(await stored(service.id)).toEqual({ responseMinutes: 20, responseRate: 1 });

    // A fourth, never answered before it closed: the rate drops, the time is the answered ones' median.
    await closedRequest(service.id, null);
    await refreshOne(service.id);
    expect(await stored(service.id)).toEqual({ responseMinutes: 20, responseRate: 0.75 });
    // Unchanged figures are not written again.
    expect(await refreshOne(service.id)).toBe(false);

    // The API shows what is stored, on the detail and the list item.
    const { detail, item } = await shown(service.id, "Quick Brakes Figures");
    expect(detail).toEqual({ responseTime: 20, responseRate: 0.75 });
    expect(item).toEqual({ responseTime: 20, responseRate: 0.75 });
  });

  it("do not hold against a silent service a request accepted elsewhere or cancelled before it had two hours", async () => {
    const service = await makeService({ name: "Fair Chance Garage" });
    for (const minutes of [10, 20, 30]) await closedRequest(service.id, minutes);
    const prisma = await getPrisma();
    const sentAt = new Date(Date.now() - DAY_MS);
    // Accepted after 40 minutes (another service's answer), and cancelled by the driver after 90.
    const accepted = await makeQuoteRequest({ driverId, sentAt, targets: [service.id] });
    await prisma.quoteRequest.update({
      where: { id: accepted.id },
      data: { status: "accepted", acceptedAt: new Date(sentAt.getTime() + 40 * 60_000) },
    });
    const cancelled = await makeQuoteRequest({ driverId, sentAt, targets: [service.id] });
    await prisma.quoteRequest.update({
      where: { id: cancelled.id },
      data: { status: "cancelled", closedBy: "driver", closedAt: new Date(sentAt.getTime() + 90 * 60_000) },
    });
    await refreshOne(service.id);
    expect(await stored(service.id)).toEqual({ responseMinutes: 20, responseRate: 1 });
    // Cancelled only after three hours: that silence counts.
    await prisma.quoteRequest.update({
      where: { id: cancelled.id },
      data: { closedAt: new Date(sentAt.getTime() + 3 * HOUR_MS) },
    });
    await refreshOne(service.id);
    expect(await stored(service.id)).toEqual({ responseMinutes: 20, responseRate: 0.75 });
  });

  it("move with a shop's answer through the route, and the public page shows them at once", async () => {
    const garage = await shop({ name: "Answering Garage" });
    await closedRequest(garage.id, 10);
    await closedRequest(garage.id, 60);
    // Read (and kept by the read cache) before the answer.
    expect((await shown(garage.id, "Answering Garage")).detail).toEqual({ responseTime: null, responseRate: null });
    const driver = await established(await person());
    const requestId = await sendRequest(driver, [garage.id]);
    await answerAs(garage.owner, requestId, garage.id, { price: 1200 });
    // Answered within the minute: 0, 10 and 60 minutes → 10.
    expect(await stored(garage.id)).toEqual({ responseMinutes: 10, responseRate: 1 });
    expect(await shown(garage.id, "Answering Garage")).toEqual({
      detail: { responseTime: 10, responseRate: 1 },
      item: { responseTime: 10, responseRate: 1 },
    });
  });

  it("count no requests from accounts too new to move a review: three minute-old askers answered at once set nothing", async () => {
    const garage = await shop({ name: "Self Asking Garage" });
    for (let index = 0; index < 3; index++) {
      const puppet = await person();
      await answerAs(garage.owner, await sendRequest(puppet, [garage.id]), garage.id, { price: 100 });
    }
    await refreshAllResponseFigures();
    expect(await stored(garage.id)).toEqual({ responseMinutes: null, responseRate: null });
    expect((await shown(garage.id, "Self Asking Garage")).detail).toEqual({ responseTime: null, responseRate: null });
    // Nor do they cover up a shop that keeps real drivers waiting: its figures are theirs alone.
    await closedRequest(garage.id, 300);
    await closedRequest(garage.id, null);
    await closedRequest(garage.id, 240);
    await refreshOne(garage.id);
    expect(await stored(garage.id)).toEqual({ responseMinutes: 270, responseRate: 0.67 });
    // A driver established when they asked counts at once.
    const real = await established(await person());
    await answerAs(garage.owner, await sendRequest(real, [garage.id]), garage.id, { price: 100 });
    expect(await stored(garage.id)).toEqual({ responseMinutes: 240, responseRate: 0.75 });
  });

  it("judge the asking account as it stood when it asked: reviews and a confirmation it earned later do not count its earlier requests", async () => {
    const prisma = await getPrisma();
    const garage = await makeService({ name: "Backdated Puppets Garage" });
    const reviewed = [await makeService({}), await makeService({})];
    for (let index = 0; index < 3; index++) {
      // Made 20 days ago and asked the next day, unconfirmed: 0.07, too new to count.
      const puppet = await makeUser({ confirmed: false });
      await prisma.user.update({ where: { id: puppet.id }, data: { createdAt: new Date(Date.now() - 20 * DAY_MS) } });
      await makeQuoteRequest({
        driverId: puppet.id,
        sentAt: new Date(Date.now() - 19 * DAY_MS),
        status: "expired",
        targets: [{ serviceId: garage.id, answeredAfterMin: 1, status: "cancelled" }],
      });
      // Since then: two reviews that have stood ten days, and the e-mail confirmed (0.32 today).
      for (const service of reviewed)
        await prisma.review.create({
          data: {
            userId: puppet.id,
            serviceId: service.id,
            quality: 5,
            speed: 5,
            price: 5,
            avg: 5,
            createdAt: new Date(Date.now() - 10 * DAY_MS),
          },
        });
      await prisma.user.update({ where: { id: puppet.id }, data: { emailVerifiedAt: new Date(Date.now() - DAY_MS) } });
    }
    await refreshOne(garage.id);
    expect(await stored(garage.id)).toEqual({ responseMinutes: null, responseRate: null });
  });

  it("takes the mean of the two middle times for an even count of answers", async () => {
    const service = await makeService({ name: "Even Answers" });
    for (const minutes of [5, 30, 45, 600]) await closedRequest(service.id, minutes);
    await refreshOne(service.id);
    expect(await stored(service.id)).toEqual({ responseMinutes: 38, responseRate: 1 });
  });

  it("counts declines as answers, and reports a rate of 0 with no time when nothing was answered", async () => {
    const declining = await makeService({ name: "Always Declines" });
    for (const minutes of [3, 4, 5])
      await makeQuoteRequest({
        driverId,
        status: "expired",
        sentAt: new Date(Date.now() - DAY_MS),
        targets: [{ serviceId: declining.id, answeredAfterMin: minutes, status: "declined" }],
      });
    const silent = await makeService({ name: "Never Answers" });
    for (let index = 0; index < 3; index++) await closedRequest(silent.id, null);
    await refreshOne(declining.id);
    await refreshOne(silent.id);
    expect(await stored(declining.id)).toEqual({ responseMinutes: 4, responseRate: 1 });
    expect(await stored(silent.id)).toEqual({ responseMinutes: null, responseRate: 0 });
  });
});

describe("the job's refresh of every service", () => {
  it("updates services with requests in the window, clears those whose requests all left it, and shows the change at once", async () => {
    const prisma = await getPrisma();
    const fresh = await makeService({ name: "Fresh Figures" });
    for (const minutes of [15, 25, 35]) await closedRequest(fresh.id, minutes);
    // Figures stored long ago: every request since left the window.
    const stale = await makeService({ name: "Stale Figures" });
    for (const minutes of [15, 25, 35]) await closedRequest(stale.id, minutes, RESPONSE_WINDOW_DAYS + 0.5);
    const forgotten = await makeService({ name: "Forgotten Figures" });
    for (const minutes of [15, 25, 35]) await closedRequest(forgotten.id, minutes, RESPONSE_WINDOW_DAYS + 10);
    for (const id of [stale.id, forgotten.id])
      await prisma.service.update({ where: { id }, data: { responseMinutes: 25, responseRate: 1 } });

    // The public page is read (and kept by the read cache) before the job runs.
    expect((await shown(fresh.id, "Fresh Figures")).detail).toEqual({ responseTime: null, responseRate: null });
    expect(await refreshAllResponseFigures()).toBeGreaterThanOrEqual(3);
    expect(await stored(fresh.id)).toEqual({ responseMinutes: 25, responseRate: 1 });
    expect(await stored(stale.id)).toEqual({ responseMinutes: null, responseRate: null });
    expect(await stored(forgotten.id)).toEqual({ responseMinutes: null, responseRate: null });
    expect(await shown(fresh.id, "Fresh Figures")).toEqual({
      detail: { responseTime: 25, responseRate: 1 },
      item: { responseTime: 25, responseRate: 1 },
    });
    // Nothing moved since: nothing written.
    expect(await refreshAllResponseFigures()).toBe(0);
  });

  it("counts a request once it closes: an expired request's silence lowers the rate on the next run", async () => {
    const prisma = await getPrisma();
    const service = await makeService({ name: "Slow To Close" });
    for (const minutes of [10, 20, 30]) await closedRequest(service.id, minutes);
    const waiting = await makeQuoteRequest({ driverId, targets: [service.id] });
    await refreshAllResponseFigures();
    expect(await stored(service.id)).toEqual({ responseMinutes: 20, responseRate: 1 });
    await prisma.quoteRequest.update({ where: { id: waiting.id }, data: { status: "expired", closedBy: "time" } });
    await refreshAllResponseFigures();
    expect(await stored(service.id)).toEqual({ responseMinutes: 20, responseRate: 0.75 });
  });
});
