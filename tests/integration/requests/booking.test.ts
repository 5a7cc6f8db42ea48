import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import * as calendarFile from "@/app/api/calendar/[file]/route";
import * as bookingIcs from "@/app/api/requests/[id]/booking.ics/route";
import * as bookingCancel from "@/app/api/requests/[id]/booking/cancel/route";
import * as bookingNoShow from "@/app/api/requests/[id]/booking/no-show/route";
import * as bookingOtherTimes from "@/app/api/requests/[id]/booking/other-times/route";
import * as booking from "@/app/api/requests/[id]/booking/route";
import * as done from "@/app/api/requests/[id]/done/route";
import * as calendarFeed from "@/app/api/users/calendar-feed/route";
import type { BookingView } from "@/features/requests/booking/answers";
import { ownerWeek } from "@/features/requests/booking/server/calendar-week";
import { kyivDay } from "@/features/requests/schema";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { apiRequest, call, params } from "../../helpers/request";
import { viewerOf } from "../../helpers/sign-in";
import { answerAs, api, blockedPerson, mailsTo, nextAddress, person, sendRequest, shop, type Person } from "./api";

/**
 * The booked time of an accepted request through its routes: who may read and write it, every
 * transition and every one refused, Kyiv wall-clock times (the night the clocks go forward
 * included), slots outside the service's hours, two picks at once, the .ics file and the owners'
 * private feed, the booking ended with its request, late cancellations and no-shows.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type Shop = Awaited<ReturnType<typeof shop>>;

const ip = () => nextAddress();
const bookingApi = {
  get: (id: string, cookie?: string) =>
    call(booking.GET, apiRequest("GET", `/api/requests/${id}/booking`, { cookie }), params({ id })),
  propose: (id: string, body: unknown, cookie?: string) =>
    call(booking.POST, apiRequest("POST", `/api/requests/${id}/booking`, { body, cookie, ip: ip() }), params({ id })),
  confirm: (id: string, body: unknown, cookie?: string) =>
    call(booking.PUT, apiRequest("PUT", `/api/requests/${id}/booking`, { body, cookie, ip: ip() }), params({ id })),
  otherTimes: (id: string, body: unknown, cookie?: string) =>
    call(
      bookingOtherTimes.POST,
      apiRequest("POST", `/api/requests/${id}/booking/other-times`, { body, cookie, ip: ip() }),
      params({ id }),
    ),
  cancel: (id: string, body: unknown, cookie?: string) =>
    call(
      bookingCancel.POST,
      apiRequest("POST", `/api/requests/${id}/booking/cancel`, { body, cookie, ip: ip() }),
      params({ id }),
    ),
  noShow: (id: string, cookie?: string) =>
    call(
      bookingNoShow.POST,
      apiRequest("POST", `/api/requests/${id}/booking/no-show`, { cookie, ip: ip() }),
      params({ id }),
    ),
  ics: (id: string, cookie?: string, lng?: string) =>
    call(
      bookingIcs.GET,
      apiRequest("GET", `/api/requests/${id}/booking.ics${lng ? `?lng=${lng}` : ""}`, { cookie }),
      params({ id }),
    ),
  feed: (method: "GET" | "POST" | "DELETE", cookie?: string) =>
    call(calendarFeed[method], apiRequest(method, "/api/users/calendar-feed", { cookie, ip: ip() })),
  feedFile: (file: string) => call(calendarFile.GET, apiRequest("GET", `/api/calendar/${file}`), params({ file })),
};

/** A Kyiv wall-clock time that many days from today. */
const wall = (days: number, time: string) => `${kyivDay(new Date(), days)}T${time}`;

async function view(response: Response, status = 200): Promise<BookingView> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as BookingView;
}

async function refusal(response: Response) {
  return {
    status: response.status,
    ...((await response.json()) as { key: string; errors?: Record<string, { key: string }> }),
  };
}

const fieldKey = async (response: Response) => {
  const body = await refusal(response);
  expect(body.status).toBe(400);
  return Object.fromEntries(Object.entries(body.errors ?? {}).map(([field, error]) => [field, error.key]));
};

/** Every weekday open 09:00–18:00 at the service. */
async function nineToSix(serviceId: string) {
  await (
    await getPrisma()
  ).openingHours.updateMany({ where: { serviceId }, data: { closed: false, opensAt: 540, closesAt: 1080 } });
}

/** An accepted request: the driver chose `chosen`'s answer over `passed`'s. */
async function acceptedJob(options: { driver?: Person; chosen?: Shop; passed?: Shop } = {}) {
  const driver = options.driver ?? (await person());
  const chosen = options.chosen ?? (await shop({ name: "Autofix", locale: "uk" }));
  const passed = options.passed ?? (await shop());
  await nineToSix(chosen.id);
  const id = await sendRequest(driver, [chosen.id, passed.id]);
  const answerId = await answerAs(chosen.owner, id, chosen.id, { price: 1000 });
  await answerAs(passed.owner, id, passed.id, { price: 1200 });
  expect((await api.accept(id, { answerId }, driver.cookie)).status).toBe(200);
  return { driver, chosen, passed, id };
}

const slot = (days: number, time: string, minutes = 60) => ({ start: wall(days, time), minutes });

/** The shop proposes, the driver picks the first slot: an agreed booking. */
async function agreed(job: Awaited<ReturnType<typeof acceptedJob>>, days = 3, time = "10:00") {
  const proposed = await view(await bookingApi.propose(job.id, { slots: [slot(days, time)] }, job.chosen.owner.cookie));
  return view(await bookingApi.confirm(job.id, { slot: proposed.booking!.slots[0]!._id }, job.driver.cookie));
}

/** Moves the agreed slot's start, as time passing would. */
async function startAt(requestId: string, start: Date) {
  await (await getPrisma()).quoteBooking.update({ where: { requestId }, data: { start } });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("who may read and write", () => {
  let job: Awaited<ReturnType<typeof acceptedJob>>;
  let otherDriver: Person;
  let admin: Person;
  let blocked: Person;
  let outsideShop: Shop;

  beforeAll(async () => {
    job = await acceptedJob();
    [otherDriver, admin, blocked] = await Promise.all([person(), person({ isAdmin: true }), blockedPerson()]);
    outsideShop = await shop();
  });

  const roles = () => ({
    anonymous: undefined,
    blocked: blocked.cookie,
    driver: job.driver.cookie,
    otherDriver: otherDriver.cookie,
    chosenOwner: job.chosen.owner.cookie,
    passedOwner: job.passed.owner.cookie,
    outsideOwner: outsideShop.owner.cookie,
    admin: admin.cookie,
  });
  type Role = keyof ReturnType<typeof roles>;
  const OUTSIDERS: Role[] = ["anonymous", "blocked", "otherDriver", "passedOwner", "outsideOwner", "admin"];
  const statuses = async (send: (cookie: string | undefined) => Promise<Response>, only?: Role[]) => {
    const result: Partial<Record<Role, number>> = {};
    for (const [role, cookie] of Object.entries(roles()) as [Role, string | undefined][])
      if (!only || only.includes(role)) result[role] = (await send(cookie)).status;
    return result;
  };
  const outsiders = { anonymous: 401, blocked: 401, otherDriver: 404, passedOwner: 404, outsideOwner: 404, admin: 403 };

  it("walks every route with every role", async () => {
    expect(await statuses((cookie) => bookingApi.get(job.id, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 200,
      otherDriver: 404,
      chosenOwner: 200,
      passedOwner: 404,
      outsideOwner: 404,
      admin: 200,
    });
    const empty = await view(await bookingApi.get(job.id, job.chosen.owner.cookie));
    expect(empty).toMatchObject({ booking: null, canPropose: true, viewer: "service", icsUrl: null });
    expect((await view(await bookingApi.get(job.id, job.driver.cookie))).canPropose).toBe(false);
    expect((await view(await bookingApi.get(job.id, admin.cookie))).canPropose).toBe(false);

    const body = { slots: [slot(2, "10:00"), slot(2, "12:00")] };
    expect(await statuses((cookie) => bookingApi.propose(job.id, body, cookie), OUTSIDERS)).toEqual(outsiders);
    expect((await refusal(await bookingApi.propose(job.id, body, job.driver.cookie))).key).toBe(
      "Booking.shopProposesFirst",
    );
    const proposed = await view(await bookingApi.propose(job.id, body, job.chosen.owner.cookie));
    const slotId = proposed.booking!.slots[1]!._id;

    expect(await statuses((cookie) => bookingApi.otherTimes(job.id, { note: "Later" }, cookie), OUTSIDERS)).toEqual(
      outsiders,
    );
    expect(await statuses((cookie) => bookingApi.confirm(job.id, { slot: slotId }, cookie), OUTSIDERS)).toEqual(
      outsiders,
    );
    expect(
      await statuses((cookie) => bookingApi.cancel(job.id, { reason: "Changed plans" }, cookie), OUTSIDERS),
    ).toEqual(outsiders);
    expect(await statuses((cookie) => bookingApi.noShow(job.id, cookie), OUTSIDERS)).toEqual(outsiders);
    // The .ics: nobody but the two sides, and only once a slot is agreed.
    expect(await statuses((cookie) => bookingApi.ics(job.id, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 404,
      otherDriver: 404,
      chosenOwner: 404,
      passedOwner: 404,
      outsideOwner: 404,
      admin: 404,
    });
    const confirmed = await view(await bookingApi.confirm(job.id, { slot: slotId }, job.driver.cookie));
    expect(confirmed.booking).toMatchObject({ status: "confirmed", minutes: 60 });
    expect(await statuses((cookie) => bookingApi.ics(job.id, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 200,
      otherDriver: 404,
      chosenOwner: 200,
      passedOwner: 404,
      outsideOwner: 404,
      admin: 404,
    });
    const read = await view(await bookingApi.get(job.id, admin.cookie));
    expect(read).toMatchObject({ viewer: "admin", canCancel: false, canPropose: false, icsUrl: null });
    expect(read.booking?.status).toBe("confirmed");
  });

  it("answers 404 for a request that is not accepted, or no request at all", async () => {
    const driver = await person();
    const open = await sendRequest(driver, [job.chosen.id]);
    expect((await bookingApi.get(open, driver.cookie)).status).toBe(404);
    expect((await bookingApi.get(open, job.chosen.owner.cookie)).status).toBe(404);
    expect((await bookingApi.get("not-a-uuid", driver.cookie)).status).toBe(404);
    expect((await bookingApi.ics("not-a-uuid", driver.cookie)).status).toBe(404);
  });
});

describe("proposing: the input", () => {
  let job: Awaited<ReturnType<typeof acceptedJob>>;
  beforeAll(async () => {
    job = await acceptedJob();
  });
  const propose = (body: unknown) => bookingApi.propose(job.id, body, job.chosen.owner.cookie);

  it("refuses each wrong field with its own translated key, and changes nothing", async () => {
    expect(await fieldKey(await propose({ slots: [] }))).toEqual({ slots: "Booking.slots" });
    expect(await fieldKey(await propose({}))).toEqual({ slots: "Booking.slots" });
    expect(await fieldKey(await propose({ slots: [1, 2, 3, 4].map((n) => slot(n + 1, "10:00")) }))).toEqual({
      slots: "Booking.slots",
    });
    expect(await fieldKey(await propose({ slots: [slot(2, "10:00"), slot(2, "10:00")] }))).toEqual({
      slots: "Booking.slotsDuplicate",
    });
    for (const minutes of [0, 10, 20, 615, 14.5, "60"])
      expect(await fieldKey(await propose({ slots: [{ start: wall(2, "10:00"), minutes }] }))).toEqual({
        "slots.0.minutes": "Booking.slotMinutes",
      });
    for (const start of [
      "2026-13-01T10:00",
      "2027-02-30T10:00",
      "tomorrow",
      "2027-01-10T10:00Z",
      "2027-01-10 10:00",
      5,
    ])
      expect(await fieldKey(await propose({ slots: [{ start, minutes: 60 }] }))).toEqual({
        "slots.0.start": "Booking.slotStart",
      });
    expect(await fieldKey(await propose({ slots: [slot(-1, "10:00")] }))).toEqual({
      "slots.0.start": "Booking.slotTooSoon",
    });
    expect(await fieldKey(await propose({ slots: [slot(91, "10:00")] }))).toEqual({
      "slots.0.start": "Booking.slotTooFar",
    });
    expect(await fieldKey(await propose({ slots: [slot(2, "10:00")], reason: "x".repeat(501) }))).toEqual({
      reason: "Booking.reason",
    });
    const uk = await refusal(
      await call(
        booking.POST,
        apiRequest("POST", `/api/requests/${job.id}/booking?lng=uk`, {
          body: { slots: [] },
          cookie: job.chosen.owner.cookie,
          ip: ip(),
        }),
        params({ id: job.id }),
      ),
    );
    expect(uk).toMatchObject({ status: 400, message: "Запропонуйте від одного до трьох варіантів часу." });
    expect((await view(await bookingApi.get(job.id, job.driver.cookie))).booking).toBeNull();
  });

  it("refuses a time 30 minutes ahead or less, takes one just past it", async () => {
    const soon = new Date(Date.now() + 25 * MINUTE_MS);
    const later = new Date(Date.now() + 40 * MINUTE_MS);
    const kyiv = (at: Date) =>
      new Intl.DateTimeFormat("sv-SE", {
        timeZone: "Europe/Kyiv",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      })
        .format(at)
        .replace(" ", "T");
    expect(await fieldKey(await propose({ slots: [{ start: kyiv(soon), minutes: 30 }] }))).toEqual({
      "slots.0.start": "Booking.slotTooSoon",
    });
    const taken = await view(await propose({ slots: [{ start: kyiv(later), minutes: 30 }] }));
    expect(taken.booking?.slots).toHaveLength(1);
  });

  it("refuses the wall-clock time the clocks skip on the spring-forward night", async () => {
    // 28 March 2027: Kyiv goes from 03:00 to 04:00; 03:30 never happens there.
    expect(await fieldKey(await propose({ slots: [{ start: "2027-03-28T03:30", minutes: 60 }] }))).toEqual({
      "slots.0.start": "Booking.slotSkipped",
    });
  });
});

describe("Kyiv's clock across the change to summer time", () => {
  it("reads each slot with the offset of its own moment", async () => {
    // A week before the change: sessions and requests are made at that time too.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-25T09:00:00Z"));
    const job = await acceptedJob();
    const proposed = await view(
      await bookingApi.propose(
        job.id,
        {
          slots: [
            { start: "2027-03-27T10:00", minutes: 60 },
            { start: "2027-03-28T10:00", minutes: 60 },
            { start: "2027-03-28T02:30", minutes: 30 },
          ],
        },
        job.chosen.owner.cookie,
      ),
    );
    expect(proposed.booking!.slots.map((entry) => entry.start)).toEqual([
      "2027-03-27T08:00:00.000Z",
      "2027-03-28T07:00:00.000Z",
      "2027-03-28T00:30:00.000Z",
    ]);
    expect(proposed.booking!.slots.map((entry) => entry.outsideHours)).toEqual([false, false, true]);
  });
});

describe("outside the service's hours", () => {
  it("flags a slot that does not lie within the weekly or the dated hours, and still takes it", async () => {
    const job = await acceptedJob();
    const day = kyivDay(new Date(), 5);
    await (
      await getPrisma()
    ).specialHours.create({
      data: {
        serviceId: job.chosen.id,
        startsOn: new Date(`${day}T00:00:00Z`),
        endsOn: new Date(`${day}T00:00:00Z`),
        closed: true,
        opensAt: 0,
        closesAt: 0,
      },
    });
    const proposed = await view(
      await bookingApi.propose(
        job.id,
        { slots: [slot(4, "10:00", 120), slot(4, "17:30", 60), slot(5, "10:00", 60)] },
        job.chosen.owner.cookie,
      ),
    );
    expect(proposed.booking!.slots.map((entry) => entry.outsideHours)).toEqual([false, true, true]);
    const again = await view(
      await bookingApi.propose(
        job.id,
        { slots: [slot(4, "08:45", 30), slot(4, "17:00", 60)] },
        job.chosen.owner.cookie,
      ),
    );
    expect(again.booking!.slots.map((entry) => entry.outsideHours)).toEqual([true, false]);
  });
});

describe("the transitions", () => {
  it("proposes, asks for other times, proposes again, confirms, moves and picks the new time, with a mail each", async () => {
    const job = await acceptedJob();
    const owner = job.chosen.owner;
    const first = await view(
      await bookingApi.propose(job.id, { slots: [slot(3, "10:00"), slot(3, "14:00")] }, owner.cookie),
    );
    expect(first.booking).toMatchObject({ status: "proposed", proposedBy: "service", start: null, otherTimes: null });
    expect(first.canConfirm).toBe(false);
    const driverView = await view(await bookingApi.get(job.id, job.driver.cookie));
    expect(driverView).toMatchObject({ canConfirm: true, canAskOtherTimes: true, canPropose: false, canCancel: true });
    expect(await mailsTo(job.driver.email, "request.bookingProposed")).toHaveLength(1);

    // The proposer cannot pick; the owner cannot ask for other times.
    const firstSlot = first.booking!.slots[0]!._id;
    expect((await refusal(await bookingApi.confirm(job.id, { slot: firstSlot }, owner.cookie))).key).toBe(
      "Booking.otherSidePicks",
    );
    expect((await refusal(await bookingApi.otherTimes(job.id, {}, owner.cookie))).key).toBe("Booking.onlyDriverAsks");

    const asked = await view(await bookingApi.otherTimes(job.id, { note: "After 18:00, please" }, job.driver.cookie));
    expect(asked.booking!.otherTimes?.note).toBe("After 18:00, please");
    expect(asked.canAskOtherTimes).toBe(false);
    const asking = await refusal(await bookingApi.otherTimes(job.id, {}, job.driver.cookie));
    expect(asking).toMatchObject({ status: 409, key: "Booking.otherTimesAsked" });
    const ownerMails = await mailsTo(owner.email, "request.bookingOtherTimes");
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0]!.text).toContain("After 18:00, please");
    // The owner's mail is in the owner's language (Ukrainian here).
    expect(ownerMails[0]!.subject).toContain("Водій просить інший час");

    const second = await view(await bookingApi.propose(job.id, { slots: [slot(4, "11:00", 90)] }, owner.cookie));
    expect(second.booking).toMatchObject({ status: "proposed", otherTimes: null });
    // A slot of the older proposal is no longer on offer.
    expect(await fieldKey(await bookingApi.confirm(job.id, { slot: firstSlot }, job.driver.cookie))).toEqual({
      slot: "Booking.slotUnknown",
    });
    expect(await fieldKey(await bookingApi.confirm(job.id, { slot: "nope" }, job.driver.cookie))).toEqual({
      slot: "Booking.slotUnknown",
    });

    const confirmed = await view(
      await bookingApi.confirm(job.id, { slot: second.booking!.slots[0]!._id }, job.driver.cookie),
    );
    expect(confirmed.booking).toMatchObject({ status: "confirmed", minutes: 90, slots: [] });
    expect(confirmed.booking!.start).toBe(second.booking!.slots[0]!.start);
    expect(confirmed.icsUrl).toMatch(new RegExp(`/api/requests/${job.id}/booking\\.ics$`));
    expect(
      (await refusal(await bookingApi.confirm(job.id, { slot: second.booking!.slots[0]!._id }, job.driver.cookie))).key,
    ).toBe("Booking.notConfirmable");
    expect(await mailsTo(owner.email, "request.bookingConfirmed")).toHaveLength(1);
    const prisma = await getPrisma();
    let row = await prisma.quoteBooking.findUniqueOrThrow({ where: { requestId: job.id } });
    expect(row.sequence).toBe(1);
    expect(row.confirmedAt).not.toBeNull();
    await prisma.quoteBooking.update({ where: { id: row.id }, data: { remindedDayAt: new Date() } });

    // Moving an agreed time takes a reason; the driver may move it too.
    expect(await fieldKey(await bookingApi.propose(job.id, { slots: [slot(6, "10:00")] }, job.driver.cookie))).toEqual({
      reason: "Booking.reasonRequired",
    });
    const moving = await view(
      await bookingApi.propose(job.id, { slots: [slot(6, "10:00")], reason: "My car is not ready" }, job.driver.cookie),
    );
    expect(moving.booking).toMatchObject({
      status: "rescheduled",
      proposedBy: "driver",
      proposeReason: "My car is not ready",
      start: confirmed.booking!.start,
    });
    expect(moving.canConfirm).toBe(false);
    const rescheduledMail = await mailsTo(owner.email, "request.bookingRescheduled");
    expect(rescheduledMail).toHaveLength(1);
    expect(rescheduledMail[0]!.text).toContain("My car is not ready");
    expect((await refusal(await bookingApi.otherTimes(job.id, {}, job.driver.cookie))).key).toBe("Booking.notProposed");

    const ownerView = await view(await bookingApi.get(job.id, owner.cookie));
    expect(ownerView).toMatchObject({ canConfirm: true, canPropose: true });
    const picked = await view(await bookingApi.confirm(job.id, { slot: moving.booking!.slots[0]!._id }, owner.cookie));
    expect(picked.booking).toMatchObject({ status: "confirmed", proposeReason: "" });
    const driverMail = await mailsTo(job.driver.email, "request.bookingConfirmed");
    expect(driverMail).toHaveLength(1);
    expect(driverMail[0]!.text).toContain(`/api/requests/${job.id}/booking.ics`);
    row = await prisma.quoteBooking.findUniqueOrThrow({ where: { requestId: job.id } });
    expect(row.sequence).toBe(2);
    expect(row.remindedDayAt).toBeNull();

    const audit = await prisma.auditLog.findMany({
      where: { targetId: job.id, action: { startsWith: "booking." } },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => entry.action)).toEqual([
      "booking.propose",
      "booking.otherTimes",
      "booking.propose",
      "booking.confirm",
      "booking.reschedule",
      "booking.confirm",
    ]);
  });

  it("refuses what the state does not allow, each with its 409", async () => {
    const job = await acceptedJob();
    const { driver } = job;
    const owner = job.chosen.owner;
    const key = async (response: Response) => {
      const body = await refusal(response);
      expect(body.status).toBe(409);
      return body.key;
    };
    const someSlot = "01890000-0000-7000-8000-000000000000";
    expect(await key(await bookingApi.confirm(job.id, { slot: someSlot }, driver.cookie))).toBe(
      "Booking.notConfirmable",
    );
    expect(await key(await bookingApi.otherTimes(job.id, {}, driver.cookie))).toBe("Booking.notProposed");
    expect(await key(await bookingApi.cancel(job.id, { reason: "No longer" }, driver.cookie))).toBe(
      "Booking.notCancellable",
    );
    expect(await key(await bookingApi.noShow(job.id, owner.cookie))).toBe("Booking.noShowNotAgreed");
    await bookingApi.propose(job.id, { slots: [slot(3, "10:00")] }, owner.cookie);
    expect(await key(await bookingApi.propose(job.id, { slots: [slot(3, "11:00")] }, driver.cookie))).toBe(
      "Booking.shopProposesFirst",
    );
    expect(await key(await bookingApi.noShow(job.id, owner.cookie))).toBe("Booking.noShowNotAgreed");
    const cancelled = await view(await bookingApi.cancel(job.id, { reason: "Found another time" }, owner.cookie));
    expect(cancelled.booking).toMatchObject({
      status: "cancelled",
      ended: { by: "service", reason: "Found another time" },
      lateCancel: false,
    });
    expect(cancelled).toMatchObject({ canPropose: false, canCancel: false, canConfirm: false });
    expect(await mailsTo(driver.email, "request.bookingCancelled")).toHaveLength(1);
    // Cancelled is final.
    expect(await key(await bookingApi.propose(job.id, { slots: [slot(3, "11:00")] }, owner.cookie))).toBe(
      "Booking.notProposable",
    );
    expect(await key(await bookingApi.cancel(job.id, { reason: "Again" }, driver.cookie))).toBe(
      "Booking.notCancellable",
    );
    expect(await key(await bookingApi.confirm(job.id, { slot: someSlot }, driver.cookie))).toBe(
      "Booking.notConfirmable",
    );
    expect(await fieldKey(await bookingApi.cancel(job.id, { reason: "ab" }, driver.cookie))).toEqual({
      reason: "Booking.cancelReason",
    });
    expect(await fieldKey(await bookingApi.cancel(job.id, {}, driver.cookie))).toEqual({
      reason: "Booking.cancelReason",
    });
  });

  it("takes exactly one of two picks at once", async () => {
    const job = await acceptedJob();
    const proposed = await view(
      await bookingApi.propose(job.id, { slots: [slot(3, "10:00"), slot(3, "12:00")] }, job.chosen.owner.cookie),
    );
    const [a, b] = proposed.booking!.slots;
    const answers = await Promise.all([
      bookingApi.confirm(job.id, { slot: a!._id }, job.driver.cookie),
      bookingApi.confirm(job.id, { slot: b!._id }, job.driver.cookie),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect((await refusal(loser)).key).toBe("Booking.notConfirmable");
    const prisma = await getPrisma();
    expect(await prisma.quoteBooking.count({ where: { requestId: job.id, status: "confirmed" } })).toBe(1);
    expect((await prisma.quoteBooking.findUniqueOrThrow({ where: { requestId: job.id } })).sequence).toBe(1);
    expect(await mailsTo(job.chosen.owner.email, "request.bookingConfirmed")).toHaveLength(1);
  });

  it("refuses every write once the request is over, and ends the booking with the request", async () => {
    for (const by of ["driver", "shop", "admin"] as const) {
      const job = await acceptedJob();
      await agreed(job, 3);
      const admin = by === "admin" ? await person({ isAdmin: true }) : null;
      const response =
        by === "driver"
          ? await api.cancel(job.id, { reason: "Sold the car" }, job.driver.cookie)
          : by === "shop"
            ? await api.cancel(job.id, { reason: "Sold the car", serviceId: job.chosen.id }, job.chosen.owner.cookie)
            : await api.adminClose(job.id, { reason: "Sold the car" }, admin!.cookie);
      expect(response.status, await response.clone().text()).toBe(200);
      const ended = await view(await bookingApi.get(job.id, job.driver.cookie));
      expect(ended.booking).toMatchObject({
        status: "cancelled",
        ended: { by: by === "driver" ? "driver" : by === "shop" ? "service" : null, reason: "Sold the car" },
        lateCancel: false,
      });
      expect(ended.canCancel).toBe(false);
      expect((await refusal(await bookingApi.cancel(job.id, { reason: "Too" }, job.driver.cookie))).key).toBe(
        "Requests.jobOver",
      );
      // The .ics now says the event is off.
      const ics = await (await bookingApi.ics(job.id, job.driver.cookie)).text();
      expect(ics).toContain("STATUS:CANCELLED");
    }
  });
});

describe("late cancellations and no-shows", () => {
  it("is late less than 2 hours before the start, on time before that, also with the request", async () => {
    const late = await acceptedJob();
    await agreed(late);
    await startAt(late.id, new Date(Date.now() + HOUR_MS + 50 * MINUTE_MS));
    expect((await view(await bookingApi.get(late.id, late.driver.cookie))).cancelWouldBeLate).toBe(true);
    const lateCancel = await view(await bookingApi.cancel(late.id, { reason: "Stuck at work" }, late.driver.cookie));
    expect(lateCancel.booking).toMatchObject({ lateCancel: true, ended: { by: "driver" } });

    const early = await acceptedJob();
    await agreed(early);
    await startAt(early.id, new Date(Date.now() + 2 * HOUR_MS + 10 * MINUTE_MS));
    expect((await view(await bookingApi.get(early.id, early.driver.cookie))).cancelWouldBeLate).toBe(false);
    const onTime = await view(
      await bookingApi.cancel(early.id, { reason: "Stuck at work" }, early.chosen.owner.cookie),
    );
    expect(onTime.booking).toMatchObject({ lateCancel: false, ended: { by: "service" } });
    expect(
      (await (await getPrisma()).quoteBooking.findUniqueOrThrow({ where: { requestId: early.id } })).sequence,
    ).toBe(2);

    const withRequest = await acceptedJob();
    await agreed(withRequest);
    await startAt(withRequest.id, new Date(Date.now() + 30 * MINUTE_MS));
    expect((await api.cancel(withRequest.id, { reason: "Sold the car" }, withRequest.driver.cookie)).status).toBe(200);
    expect((await view(await bookingApi.get(withRequest.id, withRequest.driver.cookie))).booking?.lateCancel).toBe(
      true,
    );
  });

  it("marks a no-show only once the agreed slot has started, the other side as not come", async () => {
    const job = await acceptedJob();
    await agreed(job);
    const early = await refusal(await bookingApi.noShow(job.id, job.chosen.owner.cookie));
    expect(early).toMatchObject({ status: 409, key: "Booking.noShowTooEarly" });
    await startAt(job.id, new Date(Date.now() - 5 * MINUTE_MS));
    const ownerView = await view(await bookingApi.get(job.id, job.chosen.owner.cookie));
    expect(ownerView.canMarkNoShow).toBe(true);
    const marked = await view(await bookingApi.noShow(job.id, job.chosen.owner.cookie));
    expect(marked.booking).toMatchObject({ status: "no_show", ended: { by: "service" } });
    expect(await mailsTo(job.driver.email, "request.bookingNoShow")).toHaveLength(1);
    expect((await refusal(await bookingApi.noShow(job.id, job.driver.cookie))).key).toBe("Booking.noShowNotAgreed");

    // While a move is proposed, the old slot counts.
    const moving = await acceptedJob();
    await agreed(moving);
    await bookingApi.propose(
      moving.id,
      { slots: [slot(5, "10:00")], reason: "Parts are late" },
      moving.chosen.owner.cookie,
    );
    expect((await refusal(await bookingApi.noShow(moving.id, moving.driver.cookie))).key).toBe(
      "Booking.noShowTooEarly",
    );
    await startAt(moving.id, new Date(Date.now() - MINUTE_MS));
    const driverMarked = await view(await bookingApi.noShow(moving.id, moving.driver.cookie));
    expect(driverMarked.booking).toMatchObject({ status: "no_show", ended: { by: "driver" } });
  });
});

/** An iCalendar document's properties, lines unfolded, as name → values. */
function icsProperties(text: string) {
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r\n/);
  const events = text.split("BEGIN:VEVENT").length - 1;
  const values = (name: string) =>
    lines
      .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
      .map((line) => line.slice(line.indexOf(":") + 1));
  return { events, values };
}

describe("the .ics file", () => {
  it("holds one event: a stable UID, the sequence, the times, the job and service in the viewer's language, the address and the link", async () => {
    const job = await acceptedJob();
    const confirmed = await agreed(job, 3, "10:30");
    const response = await bookingApi.ics(job.id, job.driver.cookie, "uk");
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="booking-[0-9a-f-]+\.ics"$/);
    const text = await response.text();
    const ics = icsProperties(text);
    expect(ics.events).toBe(1);
    const bookingId = confirmed.booking!._id;
    const uid = ics.values("UID")[0]!;
    expect(uid).toContain(bookingId);
    expect(ics.values("SEQUENCE")).toEqual(["1"]);
    const start = new Date(confirmed.booking!.start!);
    const stamp = (at: Date) =>
      at
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(ics.values("DTSTART")).toEqual([stamp(start)]);
    expect(ics.values("DTEND")).toEqual([stamp(new Date(start.getTime() + HOUR_MS))]);
    expect(ics.values("SUMMARY")[0]).toBe("Заміна гальмівних колодок — Autofix");
    expect(ics.values("LOCATION")[0]).toBe("вул. Тестова\\, 1\\, Вінниця");
    expect(ics.values("DESCRIPTION")[0]).toContain(`/ua/requests/${job.id}`);
    expect(ics.values("STATUS")).toEqual(["CONFIRMED"]);

    const english = icsProperties(await (await bookingApi.ics(job.id, job.chosen.owner.cookie, "en")).text());
    expect(english.values("UID")).toEqual([uid]);
    expect(english.values("SUMMARY")[0]).toMatch(/ — Autofix$/);
    expect(english.values("SUMMARY")[0]).not.toContain("Заміна");

    await bookingApi.cancel(job.id, { reason: "Changed plans" }, job.driver.cookie);
    const cancelled = icsProperties(await (await bookingApi.ics(job.id, job.driver.cookie)).text());
    expect(cancelled.values("UID")).toEqual([uid]);
    expect(cancelled.values("SEQUENCE")).toEqual(["2"]);
    expect(cancelled.values("STATUS")).toEqual(["CANCELLED"]);
  });
});

describe("the owners' calendar feed", () => {
  it("is for owners only; a new address revokes the old; it holds the owner's bookings and nobody else's", async () => {
    const job = await acceptedJob();
    await agreed(job, 3);
    const other = await acceptedJob();
    await agreed(other, 4);
    const owner = job.chosen.owner;

    expect((await bookingApi.feed("GET")).status).toBe(401);
    expect((await refusal(await bookingApi.feed("POST", job.driver.cookie))).key).toBe("Booking.feedOwnersOnly");
    // Anyone signed in reads and turns off their own (none here): a former owner can still revoke theirs.
    expect(await (await bookingApi.feed("GET", job.driver.cookie)).json()).toEqual({ url: null });
    expect((await bookingApi.feed("DELETE", job.driver.cookie)).status).toBe(200);
    expect(await (await bookingApi.feed("GET", owner.cookie)).json()).toEqual({ url: null });

    const first = ((await (await bookingApi.feed("POST", owner.cookie)).json()) as { url: string }).url;
    expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await (await bookingApi.feed("GET", owner.cookie)).json()).toEqual({ url: first });
    const file = first.slice(first.lastIndexOf("/") + 1);
    const response = await bookingApi.feedFile(file);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const feed = await response.text();
    const prisma = await getPrisma();
    const mine = await prisma.quoteBooking.findUniqueOrThrow({ where: { requestId: job.id } });
    const theirs = await prisma.quoteBooking.findUniqueOrThrow({ where: { requestId: other.id } });
    expect(icsProperties(feed).events).toBe(1);
    expect(feed).toContain(mine.id);
    expect(feed).not.toContain(theirs.id);
    // Stored hashed and sealed, never as the token itself.
    const stored = await prisma.calendarFeed.findUniqueOrThrow({ where: { userId: owner.id } });
    expect(JSON.stringify(stored)).not.toContain(file.slice(0, -4));

    // The token without .ics, or a token nobody has: nothing there.
    expect((await bookingApi.feedFile(file.slice(0, -4))).status).toBe(404);
    expect((await bookingApi.feedFile(`${"A".repeat(43)}.ics`)).status).toBe(404);

    const second = ((await (await bookingApi.feed("POST", owner.cookie)).json()) as { url: string }).url;
    expect(second).not.toBe(first);
    expect((await bookingApi.feedFile(file)).status).toBe(404);
    expect((await bookingApi.feedFile(second.slice(second.lastIndexOf("/") + 1))).status).toBe(200);

    // Cancelled bookings stay in it as cancelled; far ones are left out.
    await bookingApi.cancel(job.id, { reason: "Changed plans" }, job.driver.cookie);
    const afterCancel = await (await bookingApi.feedFile(second.slice(second.lastIndexOf("/") + 1))).text();
    expect(icsProperties(afterCancel).values("STATUS")).toEqual(["CANCELLED"]);
    await startAt(job.id, new Date(Date.now() - 31 * 86_400_000));
    expect(
      icsProperties(await (await bookingApi.feedFile(second.slice(second.lastIndexOf("/") + 1))).text()).events,
    ).toBe(0);

    expect(await (await bookingApi.feed("DELETE", owner.cookie)).json()).toEqual({ url: null });
    expect((await bookingApi.feedFile(second.slice(second.lastIndexOf("/") + 1))).status).toBe(404);
  });
});

describe("the owners' week calendar", () => {
  it("lists the week's agreed slots and proposed ones as tentative, Monday to Sunday in Kyiv, of the viewer's services only", async () => {
    const job = await acceptedJob();
    const owner = job.chosen.owner;
    await agreed(job, 2, "10:00");
    const second = await acceptedJob({ chosen: job.chosen });
    await bookingApi.propose(second.id, { slots: [slot(2, "15:00"), slot(9, "15:00")] }, owner.cookie);
    const stranger = await acceptedJob();
    await agreed(stranger, 2, "11:00");

    const viewer = (await viewerOf(owner.cookie))!;
    const day = kyivDay(new Date(), 2);
    const week = await ownerWeek(viewer, { week: day }, "en");
    expect(week.days).toHaveLength(7);
    expect(new Date(`${week.monday}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(week.days.map((entry) => entry.date)).toContain(day);
    const entries = week.days.flatMap((entry) => entry.entries);
    expect(entries.every((entry) => entry.serviceName === "Autofix")).toBe(true);
    expect(entries.filter((entry) => entry.requestId === job.id)).toMatchObject([
      { status: "confirmed", tentative: false, minutes: 60, car: "Skoda Octavia, 2015", job: "Brake pads replacement" },
    ]);
    expect(entries.filter((entry) => entry.requestId === second.id)).toMatchObject([
      { status: "proposed", tentative: true },
    ]);
    expect(entries.some((entry) => entry.requestId === stranger.id)).toBe(false);
    const onDay = week.days.find((entry) => entry.date === day)!.entries;
    expect(onDay.map((entry) => entry.requestId)).toEqual([job.id, second.id]);

    const next = await ownerWeek(viewer, { week: week.next }, "en");
    expect(next.monday).toBe(week.next);
    expect(next.previous).toBe(week.monday);
    // A week is a week on the calendar: the next one holds what falls in it, and only that.
    const nextEntries = next.days.flatMap((entry) => entry.entries);
    expect(nextEntries).toMatchObject([{ requestId: second.id, tentative: true }]);
    // Not a date: this week.
    expect((await ownerWeek(viewer, { week: "2026-02-30" }, "en")).isThisWeek).toBe(true);
    // Someone without a service is refused.
    await expect(ownerWeek((await viewerOf(job.driver.cookie))!, {}, "en")).rejects.toMatchObject({ status: 403 });
  });

  it("is open to a master's profile too, as the feed is", async () => {
    const master = await person();
    await makeService({ ownerId: master.id, role: "mechanic" });
    const cookie = master.cookie;
    expect((await bookingApi.feed("POST", cookie)).status).toBe(200);
    const viewer = (await viewerOf(cookie))!;
    expect((await ownerWeek(viewer, {}, "uk")).days).toHaveLength(7);
  });
});

describe("what the review of the code found", () => {
  it("a job marked done takes no new or moved time (a translated 409), and the view offers none", async () => {
    const job = await acceptedJob();
    await agreed(job, 3);
    const fresh = await acceptedJob();
    for (const { id, chosen } of [job, fresh])
      expect(
        (
          await call(
            done.POST,
            apiRequest("POST", `/api/requests/${id}/done`, {
              body: { finalPrice: 1000 },
              cookie: chosen.owner.cookie,
              ip: ip(),
            }),
            params({ id }),
          )
        ).status,
      ).toBe(200);
    const moved = await refusal(
      await bookingApi.propose(job.id, { slots: [slot(4, "10:00")], reason: "Parts late" }, job.chosen.owner.cookie),
    );
    expect(moved).toMatchObject({ status: 409, key: "Booking.jobDone" });
    const first = await refusal(
      await bookingApi.propose(fresh.id, { slots: [slot(4, "10:00")] }, fresh.chosen.owner.cookie),
    );
    expect(first).toMatchObject({ status: 409, key: "Booking.jobDone" });
    const shown = await view(await bookingApi.get(fresh.id, fresh.chosen.owner.cookie));
    expect(shown.canPropose).toBe(false);
    expect((await refusal(await bookingApi.noShow(job.id, job.driver.cookie))).key).toBe("Booking.jobDone");
  });

  it("a time already begun cannot be picked: no agreement (nor a no-show) after the fact", async () => {
    const job = await acceptedJob();
    const proposed = await view(
      await bookingApi.propose(job.id, { slots: [slot(3, "10:00")] }, job.chosen.owner.cookie),
    );
    const slotId = proposed.booking!.slots[0]!._id;
    await (
      await getPrisma()
    ).quoteBookingSlot.update({ where: { id: slotId }, data: { start: new Date(Date.now() - 60_000) } });
    const shown = await view(await bookingApi.get(job.id, job.driver.cookie));
    expect(shown.booking!.slots.map((entry) => entry.begun)).toEqual([true]);
    const late = await refusal(await bookingApi.confirm(job.id, { slot: slotId }, job.driver.cookie));
    expect(late).toMatchObject({ status: 409, key: "Booking.slotPassed" });
    expect((await refusal(await bookingApi.noShow(job.id, job.driver.cookie))).status).toBe(409);
  });

  it("a week the site cannot show (year 50, 9999) is this week, not a 500", async () => {
    const job = await acceptedJob();
    const viewer = (await viewerOf(job.chosen.owner.cookie))!;
    const thisWeek = await ownerWeek(viewer, {}, "en");
    for (const week of ["0050-06-15", "9999-12-31", "2026-02-30"])
      expect((await ownerWeek(viewer, { week }, "en")).monday).toBe(thisWeek.monday);
  });
});
