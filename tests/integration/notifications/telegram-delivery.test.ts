import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { attemptDelivery, prepareNotificationQueue } from "@/features/notifications/server/deliveries";
import { notify } from "@/features/notifications/server/notify";
import { CHAT_SPACING_MS, NO_SLOT_RETRY_MS } from "@/features/notifications/telegram/sender";
import { composeRequestMail, inboxPathOf } from "@/features/requests/server/request-mail";
import { getPrisma } from "@/lib/db/client";
import { reserveOutsideCall } from "@/lib/jobs/outside-spacing";
import { resetLifecycleForTests } from "@/lib/lifecycle";
import { prepareMailQueue } from "@/lib/mail/outbox";

import { setEnv } from "../../helpers/env";
import { makeUser } from "../../helpers/factories";
import type { FakeTelegram } from "../../helpers/fake-telegram";
import { linkDirectly, linkOf, newChatId, startTelegramForTests, stopTelegramForTests } from "./telegram-helpers";

/**
 * Deliveries by Telegram (features/notifications/telegram/sender.ts through the worker of
 * server/deliveries.ts), against the stand-in: the message and its button, a blocked bot (the
 * link and the chat's other deliveries go), 429 with retry_after and 500 (delivered once after
 * Telegram recovers), and one message a second per chat.
 */
let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startTelegramForTests();
  await prepareNotificationQueue();
  await prepareMailQueue();
});
afterAll(async () => {
  await stopTelegramForTests(telegram);
  resetLifecycleForTests();
});

/** A station owner with a linked chat and no quiet hours (the tests run at any hour). */
async function linkedOwner(locale: "en" | "uk" = "en") {
  const prisma = await getPrisma();
  const user = await makeUser({ name: locale === "uk" ? "Тарас" : "Sam" });
  await prisma.user.update({ where: { id: user.id }, data: { locale } });
  await prisma.notificationSettings.create({ data: { userId: user.id, quietFrom: null, quietTo: null } });
  const chatId = newChatId();
  await linkDirectly(user.id, chatId);
  return { user, chatId, locale };
}

/** A new request's notification to the owner, as the requests feature writes it: its Telegram delivery's id. */
async function newRequestFor(
  owner: { user: { id: string; email: string }; locale: "en" | "uk" },
  base = "https://maister.example",
) {
  const requestId = crypto.randomUUID();
  const link = `${base}${owner.locale === "uk" ? "/ua" : ""}${inboxPathOf(requestId)}`;
  const mail = composeRequestMail(
    "new",
    owner.user.email,
    owner.locale,
    { name: "Sam", job: "custom", description: "The brakes squeal <loudly> & often", station: "Brakes Plus" },
    link,
  );
  const prisma = await getPrisma();
  const notified = await prisma.$transaction((tx) => notify(tx, owner.user.id, { mail, link }));
  expect(notified.deliveries).toBe(1);
  const delivery = await prisma.notificationDelivery.findFirstOrThrow({
    where: { userId: owner.user.id, channel: "telegram" },
    orderBy: { createdAt: "desc" },
  });
  return { id: delivery.id, link, requestId };
}

const deliveryRow = async (id: string) => (await getPrisma()).notificationDelivery.findUniqueOrThrow({ where: { id } });

describe("deliveries by Telegram", () => {
  it("sends the message with a button that opens the request in the owner's inbox, in their language", async () => {
    const owner = await linkedOwner("uk");
    const { id, link } = await newRequestFor(owner);
    expect(await attemptDelivery(id)).toBe("sent");
    const [message] = telegram.sentTo(owner.chatId);
    expect(message).toMatchObject({ via: "api", parseMode: "HTML", button: { text: "Відкрити в Майстрі", url: link } });
    expect(link).toContain("/ua/requests/inbox?request=");
    // The mail's words, escaped for Telegram's HTML; the title in bold.
    expect(message!.text).toMatch(/^<b>.+<\/b>\n\n/);
    expect(message!.text).toContain("&lt;loudly&gt; &amp; often");
    expect(message!.text).not.toContain(link);
    expect(await deliveryRow(id)).toMatchObject({ status: "sent", attempts: 1 });
    // Settled: another job for it sends nothing.
    expect(await attemptDelivery(id)).toBe("gone");
    expect(telegram.sentTo(owner.chatId)).toHaveLength(1);
  });

  it("puts a link Telegram would refuse as a button (not https) in the text instead", async () => {
    const owner = await linkedOwner();
    const { id, link } = await newRequestFor(owner, "http://localhost:3000");
    expect(await attemptDelivery(id)).toBe("sent");
    const [message] = telegram.sentTo(owner.chatId);
    expect(message!.button).toBeUndefined();
    expect(message!.text.endsWith(link)).toBe(true);
  });

  it("a blocked bot (403): the link is forgotten and the chat's other deliveries dropped", async () => {
    const owner = await linkedOwner();
    const first = await newRequestFor(owner);
    const second = await newRequestFor(owner);
    telegram.mode.blocked.add(String(owner.chatId));
    try {
      expect(await attemptDelivery(first.id)).toBe("dropped");
    } finally {
      telegram.mode.blocked.delete(String(owner.chatId));
    }
    expect(await linkOf(owner.user.id)).toBeNull();
    expect(await deliveryRow(first.id)).toMatchObject({ status: "dropped" });
    expect(await deliveryRow(second.id)).toMatchObject({ status: "dropped" });
    expect(await attemptDelivery(second.id)).toBe("gone");
    expect(telegram.sentTo(owner.chatId)).toHaveLength(0);
    expect(telegram.attempts.filter((a) => a.chatId === String(owner.chatId))).toEqual([
      expect.objectContaining({ status: 403 }),
    ]);
    // Nothing more is queued for Telegram: the person has no chat linked.
    const prisma = await getPrisma();
    const mail = composeRequestMail("new", owner.user.email, "en", { name: "Sam", job: "custom", description: "x" });
    const notified = await prisma.$transaction((tx) => notify(tx, owner.user.id, { mail }));
    expect(notified.deliveries).toBe(0);
  });

  it("429 with retry_after: tried again after that long, then delivered exactly once", async () => {
    const owner = await linkedOwner();
    const { id } = await newRequestFor(owner);
    const t0 = new Date();
    telegram.mode.retryAfter = 7;
    try {
      expect(await attemptDelivery(id, t0)).toBe("pending");
    } finally {
      telegram.mode.retryAfter = null;
    }
    const waiting = await deliveryRow(id);
    expect(waiting.notBefore.getTime()).toBe(t0.getTime() + 7000);
    expect(waiting.error).toContain("429");
    // Before the pause is over the job finds it not due.
    expect(await attemptDelivery(id, new Date(t0.getTime() + 3000))).toBe("held");
    expect(await attemptDelivery(id, new Date(t0.getTime() + 7000))).toBe("sent");
    expect(await attemptDelivery(id, new Date(t0.getTime() + 8000))).toBe("gone");
    expect(telegram.sentTo(owner.chatId)).toHaveLength(1);
    expect(telegram.attempts.filter((a) => a.chatId === String(owner.chatId)).map((a) => a.status)).toEqual([429, 200]);
  });

  it("500 and a network failure: tried again later, then delivered exactly once", async () => {
    const owner = await linkedOwner();
    const { id } = await newRequestFor(owner);
    const t0 = new Date();
    telegram.mode.down = true;
    try {
      expect(await attemptDelivery(id, t0)).toBe("pending");
    } finally {
      telegram.mode.down = false;
    }
    const first = await deliveryRow(id);
    // No retry_after: the worker's own pause (30 s after the first try).
    expect(first.notBefore.getTime()).toBe(t0.getTime() + 30_000);
    expect(first.error).toContain("500");

    setEnv({ TELEGRAM_API_BASE: "http://127.0.0.1:9" });
    const t1 = new Date(t0.getTime() + 30_000);
    try {
      expect(await attemptDelivery(id, t1)).toBe("pending");
    } finally {
      setEnv({ TELEGRAM_API_BASE: telegram.url });
    }
    expect((await deliveryRow(id)).error).toContain("network");
    const t2 = new Date(t1.getTime() + 60_000);
    expect(await attemptDelivery(id, t2)).toBe("sent");
    expect(await attemptDelivery(id, new Date(t2.getTime() + 60_000))).toBe("gone");
    expect(telegram.sentTo(owner.chatId)).toHaveLength(1);
    expect(await deliveryRow(id)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("one message a second per chat: a second waits its turn, one too far ahead is rescheduled", async () => {
    const owner = await linkedOwner();
    const a = await newRequestFor(owner);
    const b = await newRequestFor(owner);
    expect(await Promise.all([attemptDelivery(a.id), attemptDelivery(b.id)])).toEqual(["sent", "sent"]);
    const [first, second] = telegram.sentTo(owner.chatId);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(CHAT_SPACING_MS - 20);

    // The chat's next free start is 5 s away (a burst of others before it): no waiting that long.
    await reserveOutsideCall(`telegram:${owner.chatId}`, 5000, 10_000);
    const c = await newRequestFor(owner);
    const now = new Date();
    expect(await attemptDelivery(c.id, now)).toBe("pending");
    expect((await deliveryRow(c.id)).notBefore.getTime()).toBe(now.getTime() + NO_SLOT_RETRY_MS);
    expect(telegram.sentTo(owner.chatId)).toHaveLength(2);
  });
});
