import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as pushRoute from "@/app/api/users/push-subscriptions/route";
import { attemptDelivery, prepareNotificationQueue } from "@/features/notifications/server/deliveries";
import { notify } from "@/features/notifications/server/notify";
import { composeRequestMail } from "@/features/requests/server/request-mail";
import { getPrisma } from "@/lib/db/client";
import { resetLifecycleForTests } from "@/lib/lifecycle";
import { prepareMailQueue } from "@/lib/mail/outbox";
import { TEST_VAPID_KEYS } from "@/scripts/vapid-test-keys.mjs";

import { restoreEnv, setEnv } from "../../helpers/env";
import { makeUser } from "../../helpers/factories";
import { browserKeys, decryptPush, startFakePush, verifyVapid, type FakePush } from "../../helpers/fake-push";
import { addresses, apiRequest, call } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

/**
 * The Web Push channel end to end on a real database: a browser subscribes through the API, a
 * notification (a new request for a price, which goes by push by default) becomes a delivery,
 * and the worker's attempt reaches the push service stand-in encrypted for that browser and
 * signed with our VAPID key; a subscription the service says is gone is deleted with its
 * pending deliveries, and a service that fails delivers once when it recovers.
 */
let push: FakePush;
const ip = addresses("10.95");
const NOW = new Date("2026-12-08T10:00:00Z"); // noon in Kyiv: outside the default quiet hours

beforeAll(async () => {
  await prepareNotificationQueue();
  await prepareMailQueue();
  push = await startFakePush();
  setEnv({ ...TEST_VAPID_KEYS, VAPID_SUBJECT: "mailto:push-tests@maister.test" });
});
afterAll(async () => {
  restoreEnv();
  await push.close();
  resetLifecycleForTests();
});

type Method = "GET" | "POST" | "DELETE";
const api = (method: Method, cookie?: string, body?: unknown) =>
  call(pushRoute[method], apiRequest(method, "/api/users/push-subscriptions", { cookie, body, ip: ip() }));

async function person() {
  const user = await makeUser();
  return { user, cookie: await signIn(user.email, ip()) };
}

/** A browser of the person's subscribed through the API: its endpoint at the stand-in and its keys. */
async function subscribed(cookie: string) {
  const keys = browserKeys();
  const id = `sub${Math.random().toString(36).slice(2)}`;
  const endpoint = push.endpoint(id);
  const response = await api("POST", cookie, { endpoint, expirationTime: null, keys: keys.keys });
  expect(response.status, await response.clone().text()).toBe(201);
  return { id, endpoint, keys };
}

/** A new request for a price, told to `userId` as notify() tells it: its deliveries' ids. */
async function notifyNewRequest(userId: string, email: string) {
  const prisma = await getPrisma();
  const link = "http://localhost:3000/mystos/requests/7c4c3b1e-0000-4000-8000-000000000001";
  const mail = composeRequestMail("new", email, "en", { name: "Olena", job: "brakes", station: "Brakes & Co" }, link);
  await prisma.$transaction((tx) => notify(tx, userId, { mail, link }, { now: NOW }));
  const deliveries = await prisma.notificationDelivery.findMany({
    where: { userId, channel: "push" },
    orderBy: { createdAt: "asc" },
  });
  return { mail, link, deliveries };
}

const receivedBy = (id: string) => push.received.filter((each) => each.id === id);

describe("push subscriptions through the API", () => {
  it("needs a signed-in person", async () => {
    expect((await api("GET")).status).toBe(401);
    expect((await api("POST", undefined, { endpoint: push.endpoint(), keys: browserKeys().keys })).status).toBe(401);
    expect((await api("DELETE", undefined, { endpoint: push.endpoint() })).status).toBe(401);
  });

  it("offers push with the public key, and counts the person's browsers", async () => {
    const { cookie } = await person();
    expect(await (await api("GET", cookie)).json()).toEqual({
      available: true,
      publicKey: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY,
      subscriptions: 0,
    });
    await subscribed(cookie);
    expect(await (await api("GET", cookie)).json()).toMatchObject({ subscriptions: 1 });
  });

  it("refuses keys and endpoints no push could use, with translated messages", async () => {
    const { cookie } = await person();
    const good = browserKeys().keys;
    const refused = async (body: unknown) => {
      const response = await api("POST", cookie, body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { errors: Record<string, string> }).errors;
    };
    expect(await refused({ endpoint: push.endpoint(), keys: { ...good, p256dh: "not-a-key" } })).toHaveProperty([
      "keys.p256dh",
    ]);
    // 65 bytes starting 0x04, but not a point on the curve.
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    expect(
      await refused({ endpoint: push.endpoint(), keys: { ...good, p256dh: offCurve.toString("base64url") } }),
    ).toHaveProperty(["keys.p256dh"]);
    expect(
      await refused({ endpoint: push.endpoint(), keys: { ...good, auth: Buffer.alloc(8).toString("base64url") } }),
    ).toHaveProperty(["keys.auth"]);
    expect(await refused({ endpoint: "ftp://push.example/x", keys: good })).toHaveProperty(["endpoint"]);
    expect(await refused({ endpoint: "http://push.example/x", keys: good })).toHaveProperty(["endpoint"]);
    expect(await refused({ endpoint: `https://push.example/${"x".repeat(1000)}`, keys: good })).toHaveProperty([
      "endpoint",
    ]);
    expect(await refused({ endpoint: push.endpoint() })).toHaveProperty(["keys"]);
  });

  it("moves an endpoint another person had to the one who subscribed it now; DELETE removes only one's own", async () => {
    const a = await person();
    const b = await person();
    const { endpoint, keys } = await subscribed(a.cookie);
    const prisma = await getPrisma();
    expect((await prisma.pushSubscription.findUnique({ where: { endpoint } }))?.userId).toBe(a.user.id);

    expect((await api("POST", b.cookie, { endpoint, keys: keys.keys })).status).toBe(201);
    expect((await prisma.pushSubscription.findUnique({ where: { endpoint } }))?.userId).toBe(b.user.id);
    expect(await prisma.pushSubscription.count({ where: { userId: a.user.id } })).toBe(0);

    // A's DELETE of B's endpoint answers the same and changes nothing.
    const notMine = await api("DELETE", a.cookie, { endpoint });
    expect(notMine.status).toBe(200);
    expect(await prisma.pushSubscription.count({ where: { endpoint } })).toBe(1);

    const mine = await api("DELETE", b.cookie, { endpoint });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ subscriptions: 0 });
    expect(await prisma.pushSubscription.count({ where: { endpoint } })).toBe(0);
    expect((await api("DELETE", b.cookie, { endpoint })).status).toBe(200);
  });

  it("keeps a person's ten newest browsers", async () => {
    const { user, cookie } = await person();
    const first = await subscribed(cookie);
    for (let i = 0; i < 10; i++) await subscribed(cookie);
    const prisma = await getPrisma();
    const kept = await prisma.pushSubscription.findMany({ where: { userId: user.id } });
    expect(kept).toHaveLength(10);
    expect(kept.map(({ endpoint }) => endpoint)).not.toContain(first.endpoint);
  });
});

describe("a notification by push", () => {
  it("arrives at the push service encrypted for the browser, signed with our VAPID key, and decrypts to its JSON", async () => {
    const { user, cookie } = await person();
    const browser = await subscribed(cookie);
    const { mail, link, deliveries } = await notifyNewRequest(user.id, user.email);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: "pending", kind: "request.new", url: link });

    expect(await attemptDelivery(deliveries[0]!.id, NOW)).toBe("sent");
    const [message, ...more] = receivedBy(browser.id);
    expect(more).toHaveLength(0);
    expect(message!.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "86400", urgency: "high" });
    // The body is ciphertext: the title is not in it.
    expect(message!.body.toString("latin1")).not.toContain(mail.subject);

    const { key, claims } = verifyVapid(message!.headers.authorization);
    expect(key).toBe(TEST_VAPID_KEYS.VAPID_PUBLIC_KEY);
    expect(claims.aud).toBe(push.url);
    expect(claims.sub).toBe("mailto:push-tests@maister.test");
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);

    expect(JSON.parse(decryptPush(message!.body, browser.keys))).toEqual({
      title: mail.subject,
      body: deliveries[0]!.body,
      url: link,
      tag: `request.new:${link}`,
    });
    expect(deliveries[0]!.body.length).toBeGreaterThan(0);
    expect(deliveries[0]!.body.length).toBeLessThanOrEqual(600);
    const prisma = await getPrisma();
    expect(await prisma.notificationDelivery.findUnique({ where: { id: deliveries[0]!.id } })).toMatchObject({
      status: "sent",
      attempts: 1,
    });
  });

  it("one delivery per browser: another browser's keys do not open it", async () => {
    const { user, cookie } = await person();
    const phone = await subscribed(cookie);
    const laptop = await subscribed(cookie);
    const { deliveries } = await notifyNewRequest(user.id, user.email);
    expect(deliveries).toHaveLength(2);
    for (const { id } of deliveries) expect(await attemptDelivery(id, NOW)).toBe("sent");
    const [toPhone] = receivedBy(phone.id);
    const [toLaptop] = receivedBy(laptop.id);
    expect(JSON.parse(decryptPush(toPhone!.body, phone.keys))).toHaveProperty("title");
    expect(() => decryptPush(toPhone!.body, laptop.keys)).toThrow();
    expect(JSON.parse(decryptPush(toLaptop!.body, laptop.keys))).toHaveProperty("title");
  });

  it("410: the subscription is deleted and its pending deliveries dropped", async () => {
    const { user, cookie } = await person();
    const browser = await subscribed(cookie);
    const first = await notifyNewRequest(user.id, user.email);
    const second = await notifyNewRequest(user.id, user.email);
    const [a, b] = [first.deliveries[0]!, second.deliveries.at(-1)!];
    expect(a.id).not.toBe(b.id);
    push.answer(browser.id, { status: 410 });

    expect(await attemptDelivery(a.id, NOW)).toBe("dropped");
    const prisma = await getPrisma();
    expect(await prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
    expect(await prisma.notificationDelivery.findUnique({ where: { id: b.id } })).toMatchObject({ status: "dropped" });
    // The other's job comes to nothing: it is settled.
    expect(await attemptDelivery(b.id, NOW)).toBe("gone");
    expect(receivedBy(browser.id)).toHaveLength(1);
    expect(await (await api("GET", cookie)).json()).toMatchObject({ subscriptions: 0 });
    // A new notification has no browser to go to.
    expect(
      (await notifyNewRequest(user.id, user.email)).deliveries.filter(({ status }) => status === "pending"),
    ).toHaveLength(0);
  });

  it("404 is gone too; 400 and 403 are refused and keep the subscription", async () => {
    const { user, cookie } = await person();
    const browser = await subscribed(cookie);
    push.answer(browser.id, { status: 403, times: 1 });
    const { deliveries } = await notifyNewRequest(user.id, user.email);
    expect(await attemptDelivery(deliveries[0]!.id, NOW)).toBe("failed");
    const prisma = await getPrisma();
    expect(await prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(1);

    push.answer(browser.id, { status: 404 });
    const next = await notifyNewRequest(user.id, user.email);
    expect(await attemptDelivery(next.deliveries.at(-1)!.id, NOW)).toBe("dropped");
    expect(await prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(0);
  });

  it("500, then 429 with Retry-After, then recovery: delivered once", async () => {
    const { user, cookie } = await person();
    const browser = await subscribed(cookie);
    const { deliveries } = await notifyNewRequest(user.id, user.email);
    const id = deliveries[0]!.id;
    const prisma = await getPrisma();

    push.answer(browser.id, { status: 500, times: 1 });
    expect(await attemptDelivery(id, NOW)).toBe("pending");
    const afterFailure = await prisma.notificationDelivery.findUniqueOrThrow({ where: { id } });
    expect(afterFailure.error).toContain("500");
    expect(afterFailure.notBefore.getTime()).toBe(NOW.getTime() + 30_000);
    // Not due yet: nothing is sent.
    expect(await attemptDelivery(id, new Date(NOW.getTime() + 10_000))).toBe("held");

    push.answer(browser.id, { status: 429, retryAfter: "120", times: 1 });
    const second = new Date(NOW.getTime() + 30_000);
    expect(await attemptDelivery(id, second)).toBe("pending");
    expect((await prisma.notificationDelivery.findUniqueOrThrow({ where: { id } })).notBefore.getTime()).toBe(
      second.getTime() + 120_000,
    );

    const third = new Date(second.getTime() + 120_000);
    expect(await attemptDelivery(id, third)).toBe("sent");
    expect(await attemptDelivery(id, new Date(third.getTime() + 60_000))).toBe("gone");
    expect(receivedBy(browser.id).map(({ status }) => status)).toEqual([500, 429, 201]);
    expect(await prisma.notificationDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "sent",
      attempts: 3,
    });
  });

  it("a push that cannot be prepared fails the delivery and keeps the subscription", async () => {
    const { user, cookie } = await person();
    const browser = await subscribed(cookie);
    const prisma = await getPrisma();
    // Stored before the keys were checked on the way in: web-push cannot encrypt for it.
    await prisma.pushSubscription.update({ where: { endpoint: browser.endpoint }, data: { p256dh: "AAAA" } });
    const { deliveries } = await notifyNewRequest(user.id, user.email);
    expect(await attemptDelivery(deliveries[0]!.id, NOW)).toBe("failed");
    expect(await prisma.pushSubscription.count({ where: { endpoint: browser.endpoint } })).toBe(1);
    expect(receivedBy(browser.id)).toHaveLength(0);
  });

  it("a push service out of reach is tried again; a deleted subscription is gone", async () => {
    const { user, cookie } = await person();
    const browser = await subscribed(cookie);
    const prisma = await getPrisma();
    await prisma.pushSubscription.update({
      where: { endpoint: browser.endpoint },
      data: { endpoint: "http://127.0.0.1:9/push/nobody" },
    });
    const { deliveries } = await notifyNewRequest(user.id, user.email);
    expect(await attemptDelivery(deliveries[0]!.id, NOW)).toBe("pending");
    expect((await prisma.notificationDelivery.findUniqueOrThrow({ where: { id: deliveries[0]!.id } })).error).toContain(
      "unreachable",
    );

    await prisma.pushSubscription.deleteMany({ where: { userId: user.id } });
    expect(await attemptDelivery(deliveries[0]!.id, new Date(NOW.getTime() + 60_000))).toBe("dropped");
  });
});
