import { describe, expect, it } from "vitest";

import { purgeExpired, RETENTION_MS } from "@/features/admin/server/retention";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";

/** Each retention rule of docs/operations.md's table: past its time a row goes, before it, it stays. */
const ago = (ms: number, extra = 60_000) => new Date(Date.now() - ms - extra);
const within = (ms: number) => new Date(Date.now() - ms + 60 * 60_000);

describe("purgeExpired", () => {
  it("removes images nothing shows after a day, and keeps shown and recent ones", async () => {
    const prisma = await getPrisma();
    const image = (createdAt: Date) =>
      prisma.image.create({
        data: { bytes: new Uint8Array([1]), contentType: "image/jpeg", size: 1, sha256: "0".repeat(64), createdAt },
      });
    const [orphan, recent, shown, avatar] = await Promise.all([
      image(ago(RETENTION_MS.orphanImages)),
      image(within(RETENTION_MS.orphanImages)),
      image(ago(RETENTION_MS.orphanImages)),
      image(ago(RETENTION_MS.orphanImages)),
    ]);
    const service = await makeService();
    await prisma.service.update({ where: { id: service.id }, data: { imageId: shown.id } });
    const user = await makeUser();
    await prisma.user.update({ where: { id: user.id }, data: { imageId: avatar.id } });
    await purgeExpired();
    const left = new Set(
      (
        await prisma.image.findMany({
          where: { id: { in: [orphan.id, recent.id, shown.id, avatar.id] } },
          select: { id: true },
        })
      ).map((row) => row.id),
    );
    expect(left).toEqual(new Set([recent.id, shown.id, avatar.id]));
  });

  it("keeps the photos of a driver's request for a price, however old, and leaves the requests themselves", async () => {
    const prisma = await getPrisma();
    const photo = await prisma.image.create({
      data: {
        bytes: new Uint8Array([1]),
        contentType: "image/jpeg",
        size: 1,
        sha256: "1".repeat(64),
        createdAt: ago(RETENTION_MS.orphanImages),
      },
    });
    const driver = await makeUser();
    const service = await makeService();
    const sentAt = ago(400 * 24 * 60 * 60_000);
    const request = await prisma.quoteRequest.create({
      data: {
        driverId: driver.id,
        job: "brake_pads",
        carMake: "Skoda",
        carModel: "Octavia",
        carYear: 2015,
        carFuel: "petrol",
        asap: true,
        latitude: 49.23,
        longitude: 28.47,
        status: "expired",
        closedBy: "time",
        closedAt: sentAt,
        createdAt: sentAt,
        expiresAt: sentAt,
        targets: {
          create: { serviceId: service.id, position: 0, distanceM: 0, status: "cancelled", createdAt: sentAt },
        },
        images: { create: { imageId: photo.id, position: 0 } },
      },
    });
    await purgeExpired();
    expect(await prisma.image.count({ where: { id: photo.id } })).toBe(1);
    expect(await prisma.quoteRequest.count({ where: { id: request.id } })).toBe(1);
  });

  it("clears the driver's phone of requests that ended over 30 days ago, keeping the rest of the request", async () => {
    const prisma = await getPrisma();
    const driver = await makeUser();
    const day = 24 * 60 * 60_000;
    const daysAgo = (days: number) => new Date(Date.now() - days * day);
    const request = (data: {
      status: "open" | "accepted" | "cancelled" | "expired";
      closedAt?: Date;
      acceptedAt?: Date;
      expiresAt: Date;
    }) =>
      prisma.quoteRequest.create({
        data: {
          driverId: driver.id,
          job: "brake_pads",
          description: "Squeaks when braking",
          carMake: "Skoda",
          carModel: "Octavia",
          carYear: 2015,
          carFuel: "petrol",
          asap: true,
          driverPhone: "+380501234567",
          createdAt: new Date(data.expiresAt.getTime() - 3 * day),
          ...data,
        },
      });
    const [expiredOld, cancelledOld, doneOld, expiredRecent, cancelledRecent, doneRecent, open] = await Promise.all([
      request({ status: "expired", closedAt: daysAgo(31), expiresAt: daysAgo(31) }),
      request({ status: "cancelled", closedAt: daysAgo(31), expiresAt: daysAgo(31) }),
      request({ status: "accepted", acceptedAt: daysAgo(31), expiresAt: daysAgo(30) }),
      request({ status: "expired", closedAt: daysAgo(29), expiresAt: daysAgo(29) }),
      // Accepted long ago, cancelled recently: it ended when it was cancelled.
      request({ status: "cancelled", acceptedAt: daysAgo(50), closedAt: daysAgo(29), expiresAt: daysAgo(49) }),
      request({ status: "accepted", acceptedAt: daysAgo(29), expiresAt: daysAgo(28) }),
      request({ status: "open", expiresAt: new Date(Date.now() + 2 * day) }),
    ]);
    await purgeExpired();
    const phoneOf = async (id: string) => (await prisma.quoteRequest.findUniqueOrThrow({ where: { id } })).driverPhone;
    for (const cleared of [expiredOld, cancelledOld, doneOld]) {
      expect(await phoneOf(cleared.id)).toBe("");
      expect(await prisma.quoteRequest.findUniqueOrThrow({ where: { id: cleared.id } })).toMatchObject({
        status: cleared.status,
        description: "Squeaks when braking",
        carMake: "Skoda",
      });
    }
    for (const kept of [expiredRecent, cancelledRecent, doneRecent, open])
      expect(await phoneOf(kept.id)).toBe("+380501234567");
    expect(RETENTION_MS.endedRequestPhones).toBe(30 * day);
  });

  it("forgets geocoding answers after 30 days", async () => {
    const prisma = await getPrisma();
    await prisma.geocodeCache.createMany({
      data: [
        { key: "old", address: "A", createdAt: ago(RETENTION_MS.geocodeCache) },
        { key: "new", address: "B", createdAt: within(RETENTION_MS.geocodeCache) },
      ],
    });
    await purgeExpired();
    expect((await prisma.geocodeCache.findMany({ select: { key: true } })).map((row) => row.key)).toEqual(["new"]);
  });

  it("empties the bodies of mail sent over 7 days ago, keeping the row; pending and failed mail keep theirs", async () => {
    const prisma = await getPrisma();
    const mail = (status: "sent" | "pending" | "failed", sentAt: Date | null) =>
      prisma.mailOutbox.create({
        data: {
          to: "a@test.local",
          subject: "S",
          text: "https://x/reset-password?token=secret",
          html: "<a>secret</a>",
          kind: "reset",
          status,
          sentAt,
        },
      });
    const [old, fresh, pending, failed] = await Promise.all([
      mail("sent", ago(RETENTION_MS.sentMailBodies)),
      mail("sent", new Date()),
      mail("pending", null),
      mail("failed", null),
    ]);
    await purgeExpired();
    expect(await prisma.mailOutbox.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({
      text: "",
      html: "",
      subject: "S",
      status: "sent",
    });
    for (const kept of [fresh, pending, failed])
      expect((await prisma.mailOutbox.findUniqueOrThrow({ where: { id: kept.id } })).text).toContain("token=secret");
  });

  it("forgets handled PayPal event ids after 30 days", async () => {
    const prisma = await getPrisma();
    await prisma.paypalEvent.createMany({
      data: [
        { id: "WH-OLD", type: "PAYMENT.CAPTURE.COMPLETED", receivedAt: ago(RETENTION_MS.paypalEvents) },
        { id: "WH-NEW", type: "PAYMENT.CAPTURE.COMPLETED" },
      ],
    });
    await purgeExpired();
    expect((await prisma.paypalEvent.findMany({ select: { id: true } })).map((row) => row.id)).toEqual(["WH-NEW"]);
  });

  it("forgets applied monobank invoice states after 30 days", async () => {
    const prisma = await getPrisma();
    const modifiedDate = new Date();
    await prisma.monoEvent.createMany({
      data: [
        { invoiceId: "2611OLD", status: "success", modifiedDate, receivedAt: ago(RETENTION_MS.monoEvents) },
        { invoiceId: "2611NEW", status: "success", modifiedDate },
      ],
    });
    await purgeExpired();
    expect((await prisma.monoEvent.findMany({ select: { invoiceId: true } })).map((row) => row.invoiceId)).toEqual([
      "2611NEW",
    ]);
  });

  it("forgets security events after 180 days and keeps newer ones", async () => {
    const prisma = await getPrisma();
    await prisma.securityEvent.createMany({
      data: [
        { kind: "signIn.failed", ip: "192.0.2.1", at: ago(RETENTION_MS.securityEvents) },
        { kind: "signIn.failed", ip: "192.0.2.2", at: within(RETENTION_MS.securityEvents) },
        { kind: "signIn.failed", ip: "192.0.2.3" },
      ],
    });
    const { securityEvents } = await purgeExpired();
    expect(securityEvents).toBe(1);
    expect(
      (await prisma.securityEvent.findMany({ where: { ip: { startsWith: "192.0.2." } }, select: { ip: true } }))
        .map((row) => row.ip)
        .sort(),
    ).toEqual(["192.0.2.2", "192.0.2.3"]);
    expect(RETENTION_MS.securityEvents).toBe(180 * 24 * 60 * 60_000);
  });

  it("forgets settled Telegram and push deliveries after 30 days, and used or expired link codes", async () => {
    const prisma = await getPrisma();
    const user = await makeUser();
    const row = (status: "pending" | "sent" | "failed" | "dropped", createdAt: Date, key: string) => ({
      userId: user.id,
      channel: "telegram" as const,
      target: "42",
      event: "newRequest",
      kind: "request.new",
      dedupeKey: key,
      title: "t",
      body: "b",
      locale: "en" as const,
      status,
      createdAt,
    });
    const old = ago(RETENTION_MS.settledDeliveries);
    await prisma.notificationDelivery.createMany({
      data: [
        row("sent", old, "old-sent"),
        row("dropped", old, "old-dropped"),
        row("pending", old, "old-pending"),
        row("sent", within(RETENTION_MS.settledDeliveries), "recent-sent"),
      ],
    });
    const hour = 60 * 60_000;
    await prisma.telegramLinkCode.createMany({
      data: [
        { codeHash: "a".repeat(64), userId: user.id, expiresAt: new Date(Date.now() - hour) },
        { codeHash: "b".repeat(64), userId: user.id, expiresAt: new Date(Date.now() + hour), usedAt: new Date() },
        { codeHash: "c".repeat(64), userId: user.id, expiresAt: new Date(Date.now() + hour) },
      ],
    });
    const { deliveries } = await purgeExpired();
    expect(deliveries).toBe(2);
    expect(
      (await prisma.notificationDelivery.findMany({ where: { userId: user.id }, select: { dedupeKey: true } }))
        .map((d) => d.dedupeKey)
        .sort(),
    ).toEqual(["old-pending", "recent-sent"]);
    expect(
      (await prisma.telegramLinkCode.findMany({ where: { userId: user.id }, select: { codeHash: true } })).map(
        (c) => c.codeHash,
      ),
    ).toEqual(["c".repeat(64)]);
  });

  it("can run on several instances at once", async () => {
    const results = await Promise.all([purgeExpired(), purgeExpired(), purgeExpired()]);
    expect(results).toHaveLength(3);
  });
});
