import { randomBytes } from "node:crypto";

import { distanceKm } from "@/domain/service/distance";
import { REQUEST_OPEN_HOURS, REQUEST_VISIT_CODE_DAYS, type CarFuel } from "@/features/requests/rules";
import { storeResponseFigures } from "@/features/requests/server/response-figures-store";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Demo requests for a price: drivers (the demo reviewers) asked a few services over the last weeks,
 * most answered within minutes or hours, some declined or stayed silent; each request then went to
 * the first answer (accepted, with the visit code acceptance binds to the driver) or, unanswered,
 * closed by itself. Only closed requests, and none to or from a demo account, so nothing waits in an inbox
 * and the e2e tests' own requests meet no "already asked". The services' response figures are then
 * computed by the app's own code from these rows. Dated back from the seeding moment (the figures
 * look at the last 30 days), once: a later seed finds them and adds nothing.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const SERVICES = 6;
const REQUESTS = 14;
const JOBS = ["brake_pads", "oil_change", "diagnostics", "wheel_alignment", "tyre_r16", "ac_refill"] as const;
const CARS: { make: string; models: string[] }[] = [
  { make: "Skoda", models: ["Octavia", "Fabia", "Superb"] },
  { make: "Volkswagen", models: ["Passat", "Golf", "Jetta"] },
  { make: "Toyota", models: ["Corolla", "Camry", "RAV4"] },
  { make: "Renault", models: ["Megane", "Logan", "Duster"] },
  { make: "Hyundai", models: ["Tucson", "Elantra", "Accent"] },
];
const FUELS: CarFuel[] = ["petrol", "petrol", "diesel", "lpg", "hybrid"];
/** Minutes to a first answer: mostly quick, now and then slow. */
const ANSWER_MINUTES = [6, 11, 18, 25, 40, 55, 90, 150, 300];

/** The UTC day `days` after an instant, YYYY-MM-DD. */
const dayAfter = (instant: Date, days: number) =>
  new Date(instant.getTime() + days * 24 * 60 * MINUTE_MS).toISOString().slice(0, 10);
const MESSAGES = [
  "",
  "Можемо взяти машину зранку, робота займе близько години.",
  "Ціна з роботою, запчастини наші. Приїжджайте.",
  "Є вільне місце, телефонуйте перед виїздом.",
];

type Draw = { next: () => number; int: (min: number, max: number) => number; pick: <T>(items: readonly T[]) => T };

export async function seedDemoRequests(
  prisma: PrismaClient,
  input: { drivers: { id: string }[]; demoAccountIds: string[]; random: (seed: number) => Draw; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  const driverIds = input.drivers.map((driver) => driver.id);
  if (!driverIds.length) return 0;
  const already = await prisma.quoteRequest.count({ where: { driverId: { in: driverIds } } });
  if (already === 0) {
    // Published owners' listings of owners other than the demo accounts, every third by name.
    const candidates = await prisma.service.findMany({
      where: {
        source: "owner",
        isBlocked: false,
        hiddenAt: null,
        OR: [{ role: "mechanic" }, { isPaid: true }],
        ownerId: { notIn: input.demoAccountIds },
      },
      select: { id: true, latitude: true, longitude: true },
      orderBy: { name: "asc" },
    });
    const services = candidates.filter((_, index) => index % 3 === 1).slice(0, SERVICES);
    if (services.length >= 3)
      for (let k = 0; k < REQUESTS; k++) await seedRequest(prisma, k, services, driverIds, input.random(7000 + k), now);
  }
  const asked = await prisma.quoteTarget.findMany({
    where: { request: { driverId: { in: driverIds } } },
    distinct: ["serviceId"],
    select: { serviceId: true },
  });
  await prisma.$transaction((tx) =>
    storeResponseFigures(
      tx,
      asked.map((row) => row.serviceId),
      now,
    ),
  );
  return prisma.quoteRequest.count({ where: { driverId: { in: driverIds } } });
}

type Outcome = { serviceId: string; position: number; distanceM: number; answer: "price" | "decline" | null; at: Date };

async function seedRequest(
  prisma: PrismaClient,
  k: number,
  services: { id: string; latitude: number; longitude: number }[],
  driverIds: string[],
  local: Draw,
  now: Date,
) {
  const sentAt = new Date(now.getTime() - (1 + k * 1.7) * DAY_MS - local.int(0, 600) * MINUTE_MS);
  // Now and then a request to one service that never answered: it closed by itself.
  const unanswered = k % 7 === 5;
  const picked = [...new Set((unanswered ? [k] : [k, k + 1, k + 3]).map((n) => n % services.length))].map(
    (n) => services[n]!,
  );
  // The driver a kilometre north of the first service: distances are from the driver's point.
  const from = { lat: picked[0]!.latitude + 0.01, lng: picked[0]!.longitude };
  const outcomes: Outcome[] = picked.map((service, position) => {
    const roll = local.next();
    return {
      serviceId: service.id,
      position,
      distanceM: Math.round(distanceKm(from, { lat: service.latitude, lng: service.longitude }) * 1000),
      answer: unanswered ? null : roll < 0.72 ? "price" : roll < 0.84 ? "decline" : null,
      at: new Date(sentAt.getTime() + local.pick(ANSWER_MINUTES) * MINUTE_MS),
    };
  });
  const chosen = outcomes.filter((outcome) => outcome.answer === "price").sort((a, b) => +a.at - +b.at)[0];
  const car = local.pick(CARS);
  const acceptedAt = chosen ? new Date(Math.max(...outcomes.map((outcome) => +outcome.at)) + 40 * MINUTE_MS) : null;
  const expiresAt = new Date(sentAt.getTime() + REQUEST_OPEN_HOURS * HOUR_MS);
  await prisma.$transaction(async (tx) => {
    const request = await tx.quoteRequest.create({
      data: {
        driverId: driverIds[k % driverIds.length]!,
        job: local.pick(JOBS),
        carMake: car.make,
        carModel: local.pick(car.models),
        carYear: local.int(2008, 2022),
        carFuel: local.pick(FUELS),
        // On certain days: a request as soon as possible closes after 4 hours, and some of these
        // answers come later than that.
        asap: false,
        fromDate: new Date(`${dayAfter(sentAt, 1)}T00:00:00Z`),
        toDate: new Date(`${dayAfter(sentAt, 2)}T00:00:00Z`),
        latitude: from.lat,
        longitude: from.lng,
        locale: k % 4 === 3 ? "en" : "uk",
        status: chosen ? "accepted" : "expired",
        acceptedAt,
        closedBy: chosen ? null : "time",
        closedAt: chosen ? null : expiresAt,
        expiresAt,
        createdAt: sentAt,
        targets: {
          create: outcomes.map((outcome) => ({
            serviceId: outcome.serviceId,
            position: outcome.position,
            distanceM: outcome.distanceM,
            status:
              outcome.answer === "decline"
                ? "declined"
                : outcome === chosen
                  ? "chosen"
                  : chosen
                    ? "passed"
                    : "cancelled",
            answeredAt: outcome.answer ? outcome.at : null,
            // Silent for two hours: the reminder went out.
            remindedAt:
              !outcome.answer || +outcome.at - +sentAt > 2 * HOUR_MS ? new Date(sentAt.getTime() + 2 * HOUR_MS) : null,
            createdAt: sentAt,
          })),
        },
      },
      select: { id: true, driverId: true },
    });
    for (const outcome of outcomes) {
      if (!outcome.answer) continue;
      const answer = await tx.quoteAnswer.create({
        data:
          outcome.answer === "decline"
            ? { requestId: request.id, serviceId: outcome.serviceId, decline: true, createdAt: outcome.at }
            : {
                requestId: request.id,
                serviceId: outcome.serviceId,
                price: 100 * local.int(6, 32),
                message: local.pick(MESSAGES),
                createdAt: outcome.at,
              },
        select: { id: true },
      });
      if (outcome === chosen) {
        await tx.quoteRequest.update({ where: { id: request.id }, data: { acceptedAnswerId: answer.id } });
        await tx.visitCode.create({
          data: {
            serviceId: outcome.serviceId,
            userId: request.driverId,
            quoteRequestId: request.id,
            codeHash: randomBytes(32).toString("hex"),
            createdAt: acceptedAt!,
            expiresAt: new Date(acceptedAt!.getTime() + REQUEST_VISIT_CODE_DAYS * DAY_MS),
          },
        });
      }
    }
  });
}
