import { describe, expect, it } from "vitest";

import { listServices } from "@/features/catalog/server/list";
import { rowsToTimetable } from "@/features/hours/timetable";
import { invalidDay } from "@/features/listings/schema";
import { refreshAllResponseFigures } from "@/features/requests/server/response-figures";
import { computeAggregates } from "@/features/reviews/rating";
import { recomputeAggregates } from "@/features/reviews/server/reviews";
import { getPrisma } from "@/lib/db/client";
import { openSecret } from "@/lib/security/secret-box";
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET } from "@/prisma/demo-accounts";
import { isDatabaseEmpty, seedDemoData } from "@/prisma/seed";

async function counts() {
  const prisma = await getPrisma();
  const [users, services, reviews, hours, images, payments, requests] = await Promise.all([
    prisma.user.count(),
    prisma.service.count(),
    prisma.review.count(),
    prisma.openingHours.count(),
    prisma.image.count(),
    prisma.payment.count(),
    prisma.quoteRequest.count(),
  ]);
  return { users, services, reviews, hours, images, payments, requests };
}

describe("demo data", () => {
  it("seeds an empty database and changes nothing the second time", async () => {
    const prisma = await getPrisma();
    expect(await isDatabaseEmpty(prisma)).toBe(true);
    await seedDemoData(prisma);
    const first = await counts();
    await seedDemoData(prisma);
    expect(await counts()).toEqual(first);
    expect(await isDatabaseEmpty(prisma)).toBe(false);
    // Every listing has a week of hours, but an imported place whose opening_hours could not be read.
    expect(first.hours).toBe((await prisma.service.count({ where: { hoursKnown: true } })) * 7);
    expect(await prisma.osmPlace.count()).toBeGreaterThanOrEqual(28);
    expect(await prisma.service.count({ where: { source: "osm", claimed: false, hoursKnown: false } })).toBeGreaterThan(
      0,
    );
    // The one duplicate of a demo station is linked to it, with no listing of its own.
    expect(await prisma.osmPlace.count({ where: { duplicateOfId: { not: null }, serviceId: null } })).toBe(1);
    // Each different picture is stored once, whichever services show it.
    expect(first.images).toBeLessThan(first.services);
  });

  it("gives every owner's service an illustrated cover, the first of its photos, and some a gallery of 3 to 6", async () => {
    const prisma = await getPrisma();
    const services = await prisma.service.findMany({
      where: { source: "owner" },
      select: { imageId: true, images: { orderBy: { position: "asc" }, select: { imageId: true } } },
    });
    for (const service of services) expect(service.imageId).toBe(service.images[0]?.imageId);
    const galleries = services.filter((service) => service.images.length > 1).map((service) => service.images.length);
    expect(galleries.length).toBeGreaterThanOrEqual(5);
    expect(galleries.every((count) => count >= 3 && count <= 6)).toBe(true);
    const cover = await prisma.image.findUniqueOrThrow({
      where: { id: services[0]!.imageId! },
      include: { variants: { select: { width: true, format: true } } },
    });
    // Nobody's upload: no one can put a demo picture on another service.
    expect(cover).toMatchObject({ contentType: "image/jpeg", width: 800, height: 600, ownerId: null });
    expect(cover.variants.map((variant) => `${variant.width}${variant.format}`).sort()).toEqual([
      "160jpeg",
      "160webp",
      "480jpeg",
      "480webp",
    ]);
  });

  it("gives every service hours its owner can save as they are (spec: closing after opening)", async () => {
    const prisma = await getPrisma();
    // Owners' listings: an imported night shift (Mo-Sa 22:00-06:00) runs past midnight, as the
    // timetable allows (features/hours/timetable.ts), though the form asks its owner for other hours.
    const services = await prisma.service.findMany({
      where: { source: "owner" },
      select: { name: true, openingHours: { select: { weekday: true, closed: true, opensAt: true, closesAt: true } } },
    });
    for (const service of services) expect(invalidDay(rowsToTimetable(service.openingHours)), service.name).toBeNull();
  });

  it("has the demo accounts, verified, with the admin flag only on the admin", async () => {
    const prisma = await getPrisma();
    const users = await prisma.user.findMany({
      where: { emailNormalized: { in: DEMO_ACCOUNTS.map((a) => a.email) } },
      select: { emailNormalized: true, isAdmin: true, emailVerifiedAt: true, passwordHash: true },
    });
    expect(users).toHaveLength(4);
    for (const user of users) {
      expect(user.emailVerifiedAt).not.toBeNull();
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user.isAdmin).toBe(user.emailNormalized === "admin@maister.local");
    }
    const mechanic = await prisma.user.findUniqueOrThrow({
      where: { emailNormalized: "mechanic@maister.local" },
      select: { mechanic: { select: { role: true } } },
    });
    expect(mechanic.mechanic?.role).toBe("mechanic");
    const owner = await prisma.user.findUniqueOrThrow({
      where: { emailNormalized: "owner@maister.local" },
      select: { _count: { select: { services: true } } },
    });
    expect(owner._count.services).toBeGreaterThanOrEqual(3);
  });

  it("seeds the demo admin with two-step verification on, its documented key sealed, the others without", async () => {
    const prisma = await getPrisma();
    const users = await prisma.user.findMany({
      where: { emailNormalized: { in: DEMO_ACCOUNTS.map((a) => a.email) } },
      select: { emailNormalized: true, totpSecret: true, totpEnabledAt: true },
    });
    for (const user of users) {
      const admin = user.emailNormalized === "admin@maister.local";
      expect(Boolean(user.totpEnabledAt), user.emailNormalized).toBe(admin);
      expect(user.totpSecret ? openSecret(user.totpSecret) : null).toBe(admin ? DEMO_ADMIN_TOTP_SECRET : null);
    }
    expect(DEMO_ADMIN_TOTP_SECRET).toBe("JBSWY3DPEHPK3PXP");
  });

  it("publishes at least 55 services across cities, with one unpaid and one blocked kept private", async () => {
    const prisma = await getPrisma();
    const published = await prisma.service.count({
      where: { isBlocked: false, OR: [{ role: "mechanic" }, { isPaid: true }] },
    });
    expect(published).toBeGreaterThanOrEqual(55);
    expect(await prisma.service.count({ where: { role: "sto", isPaid: false } })).toBeGreaterThanOrEqual(1);
    expect(await prisma.service.count({ where: { isBlocked: true } })).toBeGreaterThanOrEqual(1);
    expect(await prisma.service.count({ where: { isOnTheGo: true } })).toBeGreaterThanOrEqual(3);
    const phones = await prisma.service.findMany({ where: { source: "owner" }, select: { contactPhone1: true } });
    expect(phones.every((s) => /^\+380\d{9}$/.test(s.contactPhone1))).toBe(true);
  });

  it("stores aggregates equal to a recomputation from the reviews", async () => {
    const prisma = await getPrisma();
    const services = await prisma.service.findMany({
      select: {
        ratingAvg: true,
        qualityAvg: true,
        speedAvg: true,
        priceAvg: true,
        numReviews: true,
        weightSum: true,
        fullReviews: true,
        reviews: { select: { quality: true, speed: true, price: true, weight: true } },
      },
    });
    for (const { reviews, ...stored } of services) {
      const { ratingAvg, qualityAvg, speedAvg, priceAvg, ...counts } = computeAggregates(reviews);
      expect(stored).toMatchObject(counts);
      // Exact averages summed in another order may differ in the last bit.
      const averages = { ratingAvg, qualityAvg, speedAvg, priceAvg };
      for (const [key, value] of Object.entries(averages))
        expect(stored[key as keyof typeof averages]).toBeCloseTo(value, 9);
    }
    expect(services.some((s) => s.numReviews > 0)).toBe(true);
  });

  it("gives a few services response figures from closed requests for a price, as the app computes them", async () => {
    const prisma = await getPrisma();
    expect(await prisma.quoteRequest.count()).toBeGreaterThanOrEqual(10);
    // Nothing waits in an inbox, and no demo account asked or was asked (the e2e tests use them).
    expect(await prisma.quoteRequest.count({ where: { status: "open" } })).toBe(0);
    const demo = { emailNormalized: { in: DEMO_ACCOUNTS.map((account) => account.email) } };
    expect(await prisma.quoteRequest.count({ where: { driver: demo } })).toBe(0);
    expect(await prisma.quoteTarget.count({ where: { service: { owner: demo } } })).toBe(0);
    // Every accepted request bound its visit code to the driver, as accepting does.
    const accepted = await prisma.quoteRequest.findMany({
      where: { status: "accepted" },
      select: { driverId: true, visitCode: { select: { userId: true } }, acceptedAnswerId: true },
    });
    expect(accepted.length).toBeGreaterThan(0);
    for (const request of accepted) {
      expect(request.acceptedAnswerId).not.toBeNull();
      expect(request.visitCode?.userId).toBe(request.driverId);
    }
    const shown = await prisma.service.count({
      where: { responseMinutes: { not: null }, responseRate: { not: null } },
    });
    expect(shown).toBeGreaterThanOrEqual(3);
    // The job's refresh finds nothing to change: the seed stored what the app computes.
    expect(await refreshAllResponseFigures()).toBe(0);
  });

  it("stores the averages the app's own recompute gives, to the last digit a reader could see", async () => {
    const prisma = await getPrisma();
    const fields = {
      id: true,
      ratingAvg: true,
      qualityAvg: true,
      speedAvg: true,
      priceAvg: true,
      numReviews: true,
    } as const;
    const seeded = await prisma.service.findMany({ select: fields, orderBy: { id: "asc" } });
    // Recompute every service as a new review would, read, and roll back.
    const recomputed = await prisma
      .$transaction(async (tx) => {
        for (const { id } of seeded) await recomputeAggregates(tx, id);
        throw new Rollback(await tx.service.findMany({ select: fields, orderBy: { id: "asc" } }));
      })
      .catch((error: unknown) => (error instanceof Rollback ? error.rows : Promise.reject(error)));
    expect(recomputed).toHaveLength(seeded.length);
    seeded.forEach((stored, index) => {
      const fresh = recomputed[index];
      expect(stored.numReviews).toBe(fresh.numReviews);
      for (const key of ["ratingAvg", "qualityAvg", "speedAvg", "priceAvg"] as const)
        expect(Math.abs(stored[key] - fresh[key]), `${key} of ${stored.id}`).toBeLessThan(1e-9);
    });
  });

  it("prices tyre work in several Kyiv and Lviv services and a tow truck in Kyiv, so a search for them finds some", async () => {
    const near = { Київ: { lat: 50.45, lng: 30.52 }, Львів: { lat: 49.84, lng: 24.03 } };
    for (const [city, point] of Object.entries(near))
      for (const keyword of ["tyre", "шиномонтаж"]) {
        const { items } = await listServices({ page: 1, keyword, near: point });
        const priced = items.filter((item) => item.address.endsWith(city) && item.matchedJob?.job.startsWith("tyre_"));
        expect(priced.length, `${keyword} in ${city}`).toBeGreaterThanOrEqual(3);
      }
    const { items } = await listServices({ page: 1, keyword: "евакуатор", near: near.Київ });
    expect(items.some((item) => item.address.endsWith("Київ") && item.matchedJob?.job === "custom")).toBe(true);
  });
});

class Rollback<
  T = { id: string; ratingAvg: number; qualityAvg: number; speedAvg: number; priceAvg: number; numReviews: number }[],
> extends Error {
  constructor(readonly rows: T) {
    super("rollback");
  }
}
