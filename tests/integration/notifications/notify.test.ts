import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import * as settingsRoute from "@/app/api/users/notifications/route";
import { composeAccountMail } from "@/features/accounts/server/account-mail";
import type { Delivery, SendOutcome } from "@/features/notifications/server/channel";
import {
  attemptDelivery,
  DELIVERY_GIVE_UP_MS,
  prepareNotificationQueue,
  requeueStalledDeliveries,
  SENDERS,
} from "@/features/notifications/server/deliveries";
import { notify } from "@/features/notifications/server/notify";
import { composeRequestMail } from "@/features/requests/server/request-mail";
import { getPrisma } from "@/lib/db/client";
import { prepareMailQueue } from "@/lib/mail/outbox";

import { addresses, apiRequest, call } from "../../helpers/request";
import { person } from "../requests/api";

/**
 * The one door (features/notifications/server/notify.ts) and the delivery queue behind it, with a
 * channel that records what it was asked to send: a person's choices decide the channels, quiet
 * hours hold and release on a fixed clock, a passing failure is tried again once, a gone target
 * is forgotten, two workers send a delivery once. The real Telegram and push channels have tests
 * of their own (telegram*.test.ts, push*.test.ts).
 */
const ip = addresses("10.71");
const real = { ...SENDERS };
let sent: Delivery[] = [];
let answer: (delivery: Delivery) => SendOutcome | Promise<SendOutcome> = () => ({ outcome: "sent" });
let forgotten: string[] = [];

beforeAll(async () => {
  await prepareMailQueue();
  await prepareNotificationQueue();
  SENDERS.telegram = {
    configured: () => true,
    send: async (delivery) => {
      const outcome = await answer(delivery);
      if (outcome.outcome === "sent") sent.push(delivery);
      return outcome;
    },
    forget: async (tx, delivery) => {
      forgotten.push(delivery.target);
      await tx.telegramLink.deleteMany({ where: { chatId: BigInt(delivery.target) } });
    },
  };
});
afterAll(() => Object.assign(SENDERS, real));
afterEach(() => {
  sent = [];
  forgotten = [];
  answer = () => ({ outcome: "sent" });
});

let chat = 7_000_000;
async function linked(locale: "en" | "uk" = "en") {
  const someone = await person({ locale });
  const chatId = BigInt(++chat);
  await (await getPrisma()).telegramLink.create({ data: { userId: someone.id, chatId } });
  return { ...someone, chatId: String(chatId) };
}

const newRequestMail = (to: { email: string; locale: "en" | "uk" }) =>
  composeRequestMail("new", to.email, to.locale, { name: "Olha", job: "oil_change" }, "https://maister.test/x");

async function notifyAt(userId: string, mail: ReturnType<typeof newRequestMail>, now: Date) {
  const prisma = await getPrisma();
  return prisma.$transaction((tx) =>
    notify(tx, userId, { mail, link: "https://maister.test/requests/inbox" }, { now }),
  );
}

const settings = (method: "GET" | "PUT", cookie?: string, body?: unknown) =>
  call(settingsRoute[method], apiRequest(method, "/api/users/notifications", { cookie, body, ip: ip() }));

describe("GET and PUT /api/users/notifications", () => {
  it("refuses a visitor", async () => {
    expect((await settings("GET")).status).toBe(401);
    expect((await settings("PUT", undefined, { channels: { email: false } })).status).toBe(401);
  });

  it("answers the defaults, changes only what is named, and keeps it", async () => {
    const someone = await person();
    const initial = await (await settings("GET", someone.cookie)).json();
    expect(initial).toMatchObject({
      channels: { email: true, telegram: true, push: true },
      quietHours: { from: "22:00", to: "08:00" },
      email: someone.email,
      telegram: { linked: false },
      push: { subscriptions: 0 },
    });
    expect(initial.events.newRequest).toEqual(["email", "telegram", "push"]);
    expect(initial.events.reviewDigest).toEqual(["email"]);
    expect(initial.events.account).toBeUndefined();
    expect(initial.events.adminPayment).toBeUndefined();

    const put = await settings("PUT", someone.cookie, { events: { newRequest: ["telegram"] } });
    expect(put.status).toBe(200);
    const afterFirst = await put.json();
    expect(afterFirst.events.newRequest).toEqual(["telegram"]);
    expect(afterFirst.quietHours).toEqual({ from: "22:00", to: "08:00" });

    const second = await (
      await settings("PUT", someone.cookie, { channels: { push: false }, quietHours: { from: "23:30", to: "07:00" } })
    ).json();
    expect(second.events.newRequest).toEqual(["telegram"]);
    expect(second.channels).toEqual({ email: true, telegram: true, push: false });
    expect(second.quietHours).toEqual({ from: "23:30", to: "07:00" });

    // Only what was chosen is stored: the other events follow the defaults.
    const stored = await (await getPrisma()).notificationSettings.findUniqueOrThrow({ where: { userId: someone.id } });
    expect(stored.events).toEqual({ newRequest: ["telegram"] });

    const off = await (await settings("PUT", someone.cookie, { quietHours: null })).json();
    expect(off.quietHours).toBeNull();
    expect((await (await settings("GET", someone.cookie)).json()).quietHours).toBeNull();
  });

  it("refuses what it does not know, with a message key per field, and changes nothing", async () => {
    const someone = await person();
    const cases: [unknown, string, string][] = [
      [{ events: { fax: ["email"] } }, "events", "Notifications.unknownEvent"],
      [{ events: { account: [] } }, "events", "Notifications.unknownEvent"],
      [{ events: { newRequest: ["pigeon"] } }, "events.newRequest.0", "Validation.invalid"],
      [{ events: { newRequest: "email" } }, "events.newRequest", "Validation.invalid"],
      [{ channels: { email: "yes" } }, "channels.email", "Validation.invalid"],
      [{ channels: { fax: true } }, "channels", "Validation.invalid"],
      [{ quietHours: { from: "25:00", to: "08:00" } }, "quietHours.from", "Validation.time"],
      [{ quietHours: { from: "22:00", to: "22:00" } }, "quietHours.to", "Notifications.quietSame"],
      [{ quietHours: { from: "22:00" } }, "quietHours.to", "Validation.time"],
      [{ volume: 11 }, "body", "Api.badRequest"],
      [[], "body", "Api.badRequest"],
    ];
    for (const [body, field, key] of cases) {
      const response = await settings("PUT", someone.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { errors } = await response.json();
      expect(errors[field]?.key, JSON.stringify({ body, errors })).toBe(key);
      expect(errors[field].message).not.toBe(key);
    }
    expect(await (await getPrisma()).notificationSettings.count({ where: { userId: someone.id } })).toBe(0);
  });

  it("keeps both of two saves made at once", async () => {
    const someone = await person();
    await Promise.all([
      settings("PUT", someone.cookie, { events: { answer: ["email"] } }),
      settings("PUT", someone.cookie, { events: { message: ["push"] } }),
    ]);
    const { events } = await (await settings("GET", someone.cookie)).json();
    expect(events.answer).toEqual(["email"]);
    expect(events.message).toEqual(["push"]);
  });
});

describe("notify", () => {
  it("writes the mail and a delivery per linked channel the event goes by", async () => {
    const owner = await linked();
    const now = new Date("2026-12-08T10:00:00Z");
    const notified = await notifyAt(owner.id, newRequestMail(owner), now);
    expect(notified).toMatchObject({ event: "newRequest", deliveries: 1 });
    const prisma = await getPrisma();
    expect(await prisma.mailOutbox.count({ where: { id: notified.mailId! } })).toBe(1);
    const [delivery] = await prisma.notificationDelivery.findMany({ where: { userId: owner.id } });
    expect(delivery).toMatchObject({
      channel: "telegram",
      target: owner.chatId,
      event: "newRequest",
      status: "pending",
    });
    expect(delivery!.notBefore).toEqual(now);
    expect(delivery!.url).toBe("https://maister.test/requests/inbox");
    expect(await attemptDelivery(delivery!.id, now)).toBe("sent");
    expect(sent.map((d) => d.title)).toEqual([newRequestMail(owner).subject]);
    // Its job running again later sends nothing more.
    expect(await attemptDelivery(delivery!.id, now)).toBe("gone");
    expect(sent).toHaveLength(1);
  });

  it("follows the person's choices: no mail when e-mail is off for the event, but account mail always", async () => {
    const owner = await linked();
    await settings("PUT", owner.cookie, { events: { newRequest: ["telegram"] }, channels: { email: false } });
    const now = new Date("2026-12-08T10:00:00Z");
    const request = await notifyAt(owner.id, newRequestMail(owner), now);
    expect(request).toMatchObject({ mailId: null, deliveries: 1 });
    const account = await (
      await getPrisma()
    ).$transaction((tx) =>
      notify(tx, owner.id, { mail: composeAccountMail("passwordChanged", owner.email, "en", { name: "A" }) }, { now }),
    );
    // By e-mail, whatever was chosen, and never to the chat.
    expect(account.mailId).not.toBeNull();
    expect(account.deliveries).toBe(0);
    await settings("PUT", owner.cookie, { channels: { telegram: false } });
    expect((await notifyAt(owner.id, newRequestMail(owner), now)).deliveries).toBe(0);
  });

  it("refuses a kind no event lists", async () => {
    const owner = await linked();
    const mail = { ...newRequestMail(owner), kind: "request.unheardOf" };
    await expect(notifyAt(owner.id, mail, new Date())).rejects.toThrow(/unheardOf/);
  });
});

describe("quiet hours, with a fixed clock", () => {
  it("hold a delivery written at night until 08:00 Kyiv, then send it once; urgent ones go at once", async () => {
    const owner = await linked("uk");
    const night = new Date("2026-12-08T21:30:00Z"); // 23:30 in Kyiv
    const morning = new Date("2026-12-09T06:00:00Z"); // 08:00
    const { mailId } = await notifyAt(owner.id, newRequestMail(owner), night);
    const prisma = await getPrisma();
    const held = await prisma.notificationDelivery.findFirstOrThrow({ where: { userId: owner.id } });
    expect(held.notBefore).toEqual(morning);
    // The mail is not held: it waits in the inbox without waking anyone.
    expect((await prisma.mailOutbox.findUniqueOrThrow({ where: { id: mailId! } })).status).toBe("pending");

    expect(await attemptDelivery(held.id, new Date("2026-12-09T02:00:00Z"))).toBe("held");
    expect(sent).toHaveLength(0);
    expect(await attemptDelivery(held.id, new Date("2026-12-09T06:00:01Z"))).toBe("sent");
    expect(await attemptDelivery(held.id, new Date("2026-12-09T06:00:02Z"))).toBe("gone");
    expect(sent).toHaveLength(1);

    const reminder = composeRequestMail("bookingReminderService", owner.email, "uk", {
      name: "Тарас",
      job: "oil_change",
      slot: { start: new Date("2026-12-09T07:00:00Z"), minutes: 60 },
    });
    await notifyAt(owner.id, reminder, night);
    const urgent = await prisma.notificationDelivery.findFirstOrThrow({
      where: { userId: owner.id, event: "bookingReminder" },
    });
    expect(urgent.notBefore).toEqual(night);
  });

  it("follow the person's own window, or none", async () => {
    const owner = await linked();
    await settings("PUT", owner.cookie, { quietHours: null });
    const night = new Date("2026-12-08T23:00:00Z");
    await notifyAt(owner.id, newRequestMail(owner), night);
    const prisma = await getPrisma();
    expect((await prisma.notificationDelivery.findFirstOrThrow({ where: { userId: owner.id } })).notBefore).toEqual(
      night,
    );
  });
});

describe("delivery", () => {
  it("tries a passing failure again after the pause the service asked for, and sends it once", async () => {
    const owner = await linked();
    const start = new Date("2026-12-08T12:00:00Z");
    await notifyAt(owner.id, newRequestMail(owner), start);
    const prisma = await getPrisma();
    const { id } = await prisma.notificationDelivery.findFirstOrThrow({ where: { userId: owner.id } });
    answer = () => ({ outcome: "retry", error: "429 Too Many Requests", afterMs: 5_000 });
    expect(await attemptDelivery(id, start)).toBe("pending");
    const row = await prisma.notificationDelivery.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ attempts: 1, error: "429 Too Many Requests" });
    expect(row.notBefore).toEqual(new Date(start.getTime() + 5_000));
    answer = () => ({ outcome: "sent" });
    expect(await attemptDelivery(id, new Date(start.getTime() + 1_000))).toBe("held");
    expect(await attemptDelivery(id, new Date(start.getTime() + 6_000))).toBe("sent");
    expect(sent).toHaveLength(1);
    // A 500 without a pause: 30 s, then doubling.
    const other = await linked();
    await notifyAt(other.id, newRequestMail(other), start);
    const second = await prisma.notificationDelivery.findFirstOrThrow({ where: { userId: other.id } });
    answer = () => ({ outcome: "retry", error: "500" });
    await attemptDelivery(second.id, start);
    await attemptDelivery(second.id, new Date(start.getTime() + 30_000));
    expect((await prisma.notificationDelivery.findUniqueOrThrow({ where: { id: second.id } })).notBefore).toEqual(
      new Date(start.getTime() + 90_000),
    );
  });

  it("gives up after a day of failures", async () => {
    const owner = await linked();
    const start = new Date();
    await notifyAt(owner.id, newRequestMail(owner), start);
    const prisma = await getPrisma();
    const { id, createdAt } = await prisma.notificationDelivery.findFirstOrThrow({ where: { userId: owner.id } });
    answer = () => ({ outcome: "retry", error: "500" });
    expect(await attemptDelivery(id, new Date(createdAt.getTime() + DELIVERY_GIVE_UP_MS + 1))).toBe("failed");
  });

  it("forgets a target that is gone and drops its other deliveries", async () => {
    const owner = await linked();
    const now = new Date("2026-12-08T12:00:00Z");
    await notifyAt(owner.id, newRequestMail(owner), now);
    await notifyAt(owner.id, newRequestMail(owner), now);
    const prisma = await getPrisma();
    const [first, second] = await prisma.notificationDelivery.findMany({
      where: { userId: owner.id },
      orderBy: { createdAt: "asc" },
    });
    answer = () => ({ outcome: "gone", error: "403 Forbidden: bot was blocked by the user" });
    expect(await attemptDelivery(first!.id, now)).toBe("dropped");
    expect(forgotten).toEqual([owner.chatId]);
    expect(await prisma.telegramLink.count({ where: { userId: owner.id } })).toBe(0);
    expect((await prisma.notificationDelivery.findUniqueOrThrow({ where: { id: second!.id } })).status).toBe("dropped");
  });

  it("is not sent to a chat that is no longer the person's", async () => {
    const owner = await linked();
    const now = new Date("2026-12-08T12:00:00Z");
    await notifyAt(owner.id, newRequestMail(owner), now);
    const prisma = await getPrisma();
    const { id } = await prisma.notificationDelivery.findFirstOrThrow({ where: { userId: owner.id } });
    // The chat moved to another account after the delivery was written.
    const other = await person();
    await prisma.telegramLink.update({ where: { userId: owner.id }, data: { userId: other.id } });
    expect(await attemptDelivery(id, now)).toBe("dropped");
    expect(sent).toHaveLength(0);
  });

  it("is sent once when two workers try it at once", async () => {
    const owner = await linked();
    const now = new Date("2026-12-08T12:00:00Z");
    await notifyAt(owner.id, newRequestMail(owner), now);
    const { id } = await (await getPrisma()).notificationDelivery.findFirstOrThrow({ where: { userId: owner.id } });
    answer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { outcome: "sent" };
    };
    const outcomes = await Promise.all([attemptDelivery(id, now), attemptDelivery(id, now)]);
    expect(outcomes.sort()).toEqual(["busy", "sent"]);
    expect(sent).toHaveLength(1);
  });

  it("gives a stalled delivery a new job", async () => {
    const owner = await linked();
    const now = new Date("2026-12-08T12:00:00Z");
    await notifyAt(owner.id, newRequestMail(owner), now);
    const prisma = await getPrisma();
    const { id } = await prisma.notificationDelivery.findFirstOrThrow({ where: { userId: owner.id } });
    // Its job gone (it ran out of retries while the database was away).
    await prisma.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE name = 'notification' AND data->>'id' = $1`, id);
    expect(await requeueStalledDeliveries(new Date(now.getTime() + 11 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await requeueStalledDeliveries(new Date(now.getTime() + 11 * 60_000))).toBe(0);
  });
});
