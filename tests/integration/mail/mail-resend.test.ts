import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getPrisma } from "@/lib/db/client";
import { deliverDue, enqueueMail, sendMail } from "@/lib/mail/outbox";

import { setEnv } from "../../helpers/env";
import { startFakeResend, type FakeResend } from "../../helpers/fake-resend";

let resend: FakeResend;
let failuresLeft = 0;

beforeAll(async () => {
  resend = await startFakeResend(({ body }) => {
    if (String(body.to).includes("flaky") && failuresLeft > 0) {
      failuresLeft--;
      return { status: 503, name: "application_error", message: "Service unavailable" };
    }
    if (String(body.to).includes("bounce"))
      return { status: 422, name: "validation_error", message: "Invalid `to` field." };
    return null;
  });
  setEnv({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url, MAIL_FROM: "Maister <hello@maister.test>" });
});

afterAll(async () => {
  setEnv({ RESEND_API_KEY: undefined, RESEND_BASE_URL: undefined, MAIL_FROM: undefined });
  await resend.close();
});

const mail = (to: string) => ({
  to,
  subject: "Тема",
  text: "Привіт",
  html: "<p>Привіт</p>",
  locale: "uk" as const,
  kind: "test",
});

describe("sendMail through Resend", () => {
  it("sends with the key and sender from the environment and records the provider id", async () => {
    await sendMail(mail("someone@test.local"));
    expect(resend.received.at(-1)).toMatchObject({
      auth: "Bearer re_test_key",
      body: { from: "Maister <hello@maister.test>", to: "someone@test.local", subject: "Тема", html: "<p>Привіт</p>" },
    });
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "someone@test.local" } });
    expect(stored).toMatchObject({ status: "sent", providerId: "fake-1" });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("keeps a refused mail in the outbox as failed, with the provider's reason, and does not throw", async () => {
    await expect(sendMail(mail("bounce@test.local"))).resolves.toBeUndefined();
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "bounce@test.local" } });
    expect(stored).toMatchObject({ status: "failed", error: expect.stringContaining("Invalid") });
  });

  it("keeps a mail it could not deliver pending, with a pause before the next attempt, and does not throw", async () => {
    process.env.RESEND_BASE_URL = "http://127.0.0.1:9";
    await expect(sendMail(mail("offline@test.local"))).resolves.toBeUndefined();
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "offline@test.local" } });
    expect(stored).toMatchObject({ status: "pending", attempts: 1 });
    expect(stored.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    process.env.RESEND_BASE_URL = resend.url;
  });

  it("retries with growing pauses until the provider is back, delivering once", async () => {
    const prisma = await getPrisma();
    failuresLeft = 3;
    const id = await enqueueMail(mail("flaky@test.local"));
    const pauses: number[] = [];
    for (let run = 0; run < 4; run++) {
      // Time passes: the row is due again.
      await prisma.mailOutbox.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
      const before = Date.now();
      await deliverDue();
      const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { id } });
      if (row.status === "pending") pauses.push(row.nextAttemptAt.getTime() - before);
    }
    const row = await prisma.mailOutbox.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", attempts: 4, error: null });
    expect(pauses).toHaveLength(3);
    expect(pauses[0]!).toBeGreaterThanOrEqual(29_000);
    expect(pauses[1]!).toBeGreaterThan(pauses[0]!);
    expect(pauses[2]!).toBeGreaterThan(pauses[1]!);
    expect(resend.received.filter((entry) => entry.body.to === "flaky@test.local")).toHaveLength(4);
    await deliverDue();
    expect(resend.received.filter((entry) => entry.body.to === "flaky@test.local")).toHaveLength(4);
  });

  it("sends a mail whose 'sent' mark was lost again under the same key, so the provider delivers it once", async () => {
    const prisma = await getPrisma();
    await sendMail(mail("lost-mark@test.local"));
    const first = await prisma.mailOutbox.findFirstOrThrow({ where: { to: "lost-mark@test.local" } });
    // The database went away between the provider's answer and the "sent" mark; the lease ran out.
    await prisma.mailOutbox.update({
      where: { id: first.id },
      data: { status: "pending", sentAt: null, nextAttemptAt: new Date(Date.now() - 1000) },
    });
    const replayedBefore = resend.replayed;
    await deliverDue();
    const sends = resend.received.filter((entry) => entry.body.to === "lost-mark@test.local");
    expect(sends.map((entry) => entry.key)).toEqual([`mail-${first.id}`, `mail-${first.id}`]);
    expect(resend.replayed).toBe(replayedBefore + 1);
    expect(resend.delivered.filter((entry) => entry.body.to === "lost-mark@test.local")).toHaveLength(1);
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "sent",
      providerId: first.providerId,
    });
  });

  it("gives up after a day and marks the mail failed for the admins", async () => {
    const prisma = await getPrisma();
    failuresLeft = 1;
    const id = await enqueueMail(mail("flaky-late@test.local"));
    await prisma.mailOutbox.update({ where: { id }, data: { createdAt: new Date(Date.now() - 25 * 60 * 60_000) } });
    await deliverDue();
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "failed",
      attempts: 1,
    });
  });

  it("never puts a line break into a subject or an address", async () => {
    await sendMail({ ...mail("crlf@test.local"), subject: "Hello\r\nBcc: victim@example.com\nX: y" });
    const sent = resend.received.findLast((entry) => entry.body.to === "crlf@test.local")!;
    expect(sent.body.subject).toBe("Hello Bcc: victim@example.com X: y");
    const stored = await (await getPrisma()).mailOutbox.findFirstOrThrow({ where: { to: "crlf@test.local" } });
    expect(stored.subject).not.toMatch(/[\r\n]/);
  });
});
