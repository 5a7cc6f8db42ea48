import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { remindBookings } from "@/features/requests/booking/server/reminders";
import { getPrisma } from "@/lib/db/client";
import { resetLifecycleForTests } from "@/lib/lifecycle";
import { attemptMail } from "@/lib/mail/outbox";

import { setEnv } from "../../helpers/env";
import { makeService, makeUser } from "../../helpers/factories";
import { startFakeResend, type FakeResend } from "../../helpers/fake-resend";
import { makeAcceptedRequest } from "./job-fixtures";

/**
 * The reminders of an agreed slot, 24 and 2 hours before it (features/requests/booking/server/
 * reminders.ts), on a fixed clock: each once to each side in their language, not for a slot begun,
 * ended or agreed after its reminder's time, once with two job runners, and delayed but never
 * doubled by a mail provider that is down.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let resend: FakeResend;
beforeAll(async () => {
  resend = await startFakeResend();
  setEnv({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url, MAIL_FROM: "Maister <hello@maister.test>" });
});
afterAll(async () => {
  setEnv({ RESEND_API_KEY: undefined, RESEND_BASE_URL: undefined, MAIL_FROM: undefined });
  await resend.close();
  resetLifecycleForTests();
});

/** A confirmed booking of a fresh driver (English) with a fresh Ukrainian-speaking shop. */
async function booked(start: Date, confirmedAt: Date, status: "confirmed" | "rescheduled" | "cancelled" = "confirmed") {
  const prisma = await getPrisma();
  const driver = await makeUser({ name: "Sam" });
  const owner = await makeUser({ name: "Тарас" });
  await prisma.user.update({ where: { id: owner.id }, data: { locale: "uk" } });
  const service = await makeService({ ownerId: owner.id, name: "Гальма Плюс" });
  const { request } = await makeAcceptedRequest(driver.id, service.id);
  const booking = await prisma.quoteBooking.create({
    data: { requestId: request.id, serviceId: service.id, status, start, minutes: 90, confirmedAt },
  });
  return { driver, owner, request, booking };
}

const mailsOf = async (to: string, kind: string) =>
  (await getPrisma()).mailOutbox.findMany({ where: { to, kind: `request.${kind}` }, orderBy: { createdAt: "asc" } });

describe("the reminders of an agreed slot", () => {
  it("the day before and two hours before, once each, to both sides in their languages", async () => {
    const now = new Date("2026-12-08T06:00:00Z");
    // Friday 11 December, 10:30 in Kyiv (UTC+2).
    const start = new Date("2026-12-11T08:30:00Z");
    const { driver, owner, request } = await booked(start, now);

    // More than 24 hours ahead: nothing yet.
    await remindBookings(new Date(start.getTime() - 24 * HOUR_MS - MINUTE_MS));
    expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(0);

    await remindBookings(new Date(start.getTime() - 24 * HOUR_MS + MINUTE_MS));
    const [toDriver] = await mailsOf(driver.email, "bookingReminderDriver");
    const [toOwner] = await mailsOf(owner.email, "bookingReminderService");
    expect(toDriver).toMatchObject({ locale: "en", subject: expect.stringContaining("Friday, December 11, 2026") });
    expect(toDriver!.subject).toContain("10:30");
    expect(toDriver!.text).toContain("90 min");
    expect(toDriver!.text).toContain(`/requests/${request.id}`);
    expect(toOwner).toMatchObject({
      locale: "uk",
      subject: expect.stringContaining("пʼятниця, 11 грудня 2026 р. о 10:30"),
    });
    expect(toOwner!.text).toContain("Вітаємо, Тарас! Нагадуємо: Sam має запис до сервісу Гальма Плюс");
    expect(toOwner!.text).toContain(`/ua/requests/inbox?request=${request.id}`);

    // Runs after it send no second day-before reminder.
    await remindBookings(new Date(start.getTime() - 20 * HOUR_MS));
    expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(1);

    await remindBookings(new Date(start.getTime() - 2 * HOUR_MS + MINUTE_MS));
    await remindBookings(new Date(start.getTime() - HOUR_MS));
    expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(2);
    expect(await mailsOf(owner.email, "bookingReminderService")).toHaveLength(2);
    // Nothing once the slot has begun.
    await remindBookings(new Date(start.getTime() + MINUTE_MS));
    expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(2);
  });

  it("a job that was down for a day sends the shortly-before reminder only", async () => {
    const start = new Date("2026-12-12T09:00:00Z");
    const { driver, booking } = await booked(start, new Date("2026-12-09T09:00:00Z"));
    await remindBookings(new Date(start.getTime() - HOUR_MS));
    await remindBookings(new Date(start.getTime() - 30 * MINUTE_MS));
    expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(1);
    const row = await (await getPrisma()).quoteBooking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(row.remindedHoursAt).not.toBeNull();
    expect(row.remindedDayAt).not.toBeNull();
  });

  it("none for a slot agreed after its reminder's time, nor for one cancelled or past", async () => {
    const start = new Date("2026-12-13T09:00:00Z");
    // Agreed 10 hours before: no "tomorrow" mail, the one 2 hours before still goes.
    const late = await booked(start, new Date(start.getTime() - 10 * HOUR_MS));
    const cancelled = await booked(start, new Date("2026-12-01T09:00:00Z"), "cancelled");
    await remindBookings(new Date(start.getTime() - 9 * HOUR_MS));
    expect(await mailsOf(late.driver.email, "bookingReminderDriver")).toHaveLength(0);
    await remindBookings(new Date(start.getTime() - HOUR_MS));
    expect(await mailsOf(late.driver.email, "bookingReminderDriver")).toHaveLength(1);
    expect(await mailsOf(cancelled.driver.email, "bookingReminderDriver")).toHaveLength(0);
    expect(await mailsOf(cancelled.owner.email, "bookingReminderService")).toHaveLength(0);

    const past = await booked(new Date("2026-12-01T09:00:00Z"), new Date("2026-11-20T09:00:00Z"));
    await remindBookings(new Date("2026-12-01T10:00:00Z"));
    expect(await mailsOf(past.driver.email, "bookingReminderDriver")).toHaveLength(0);
  });

  it("a slot still held while new times are proposed is reminded", async () => {
    const start = new Date("2026-12-14T09:00:00Z");
    const { driver } = await booked(start, new Date("2026-12-10T09:00:00Z"), "rescheduled");
    await remindBookings(new Date(start.getTime() - HOUR_MS));
    expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(1);
  });

  it("two job runners at once send each reminder once", async () => {
    const start = new Date("2026-12-15T09:00:00Z");
    const bookings = await Promise.all([1, 2, 3].map(() => booked(start, new Date("2026-12-10T09:00:00Z"))));
    const at = new Date(start.getTime() - 23 * HOUR_MS);
    await Promise.all([remindBookings(at, 1), remindBookings(at, 1)]);
    for (const { driver, owner } of bookings) {
      expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(1);
      expect(await mailsOf(owner.email, "bookingReminderService")).toHaveLength(1);
    }
  });

  it("a mail provider that is down delays a reminder; it is sent once when it is back", async () => {
    const start = new Date("2026-12-16T09:00:00Z");
    const { driver } = await booked(start, new Date("2026-12-10T09:00:00Z"));
    resend.down = true;
    const at = new Date(start.getTime() - 23 * HOUR_MS);
    await remindBookings(at);
    const [pending] = await mailsOf(driver.email, "bookingReminderDriver");
    expect(await attemptMail(pending!.id)).toBe("pending");
    // The job runs again while the provider is down: the reminder is not written a second time.
    await remindBookings(new Date(at.getTime() + 10 * MINUTE_MS));
    expect(await mailsOf(driver.email, "bookingReminderDriver")).toHaveLength(1);
    resend.down = false;
    expect(await attemptMail(pending!.id)).toBe("sent");
    expect(resend.delivered.filter((mail) => mail.body.to === driver.email)).toHaveLength(1);
  });
});
