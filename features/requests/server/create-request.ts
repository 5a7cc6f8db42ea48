import "server-only";

import type { Locale } from "next-intl";

import { distanceKm } from "@/domain/service/distance";
import { imageIdOf } from "@/domain/service/images";
import { PUBLISHED_WHERE } from "@/domain/service/server/published";
import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma, type PrismaClient } from "@/lib/db/server";
import { AppError, BadRequestError } from "@/lib/http/errors";
import { currentRequest } from "@/lib/http/request-context";
import { parseOrThrow } from "@/lib/http/validate";
import type { z } from "@/lib/zod";

import type { createdAnswer } from "../answers";
import { openHoursOf, REQUEST_MAX_OPEN, type Car } from "../rules";
import { carInput, kyivDay, requestInput } from "../schema";
import { inboxPathOf, notifyRequest } from "./request-mail";
import { HOUR_MS, storedDay, takeAll, type Tx } from "./request-view";

/**
 * POST /api/requests. Checked before anything is counted: the services (published, with an owner
 * to answer, not the driver's own), the photos (the driver's uploads), one open request per
 * service and at most REQUEST_MAX_OPEN open; then the throttles (per driver a day, per client
 * address an hour, per service a day; all given back when the request is refused after all);
 * then, with the driver's row locked against a second tab, the same limits again and the writes:
 * the request, its targets with their fixed distances, its photos, the driver's car for next time,
 * and a mail to each service's owner.
 */
export async function createRequest(
  viewer: Viewer | null,
  body: unknown,
  locale: Locale,
): Promise<z.infer<typeof createdAnswer>> {
  requireAccess(viewer, "signedIn");
  const now = new Date();
  const input = parseOrThrow(requestInput(now), body);
  const prisma = await getPrisma();
  const services = await servicesToAsk(prisma, viewer, input.serviceIds);
  const imageIds = input.images.map(imageIdOf);
  if (imageIds.length) {
    const own = await prisma.image.count({ where: { id: { in: imageIds }, ownerId: viewer.id } });
    if (own !== imageIds.length) throw new BadRequestError({ images: "Validation.imageForeign" });
  }
  await checkOpenRequests(prisma, viewer.id, input.serviceIds);

  // Counted before the database is written (a second connection would wait for it on PGlite).
  const giveBack = await takeAll([
    { name: "quoteRequest", key: viewer.id, messageKey: "Requests.dailyLimit" },
    { name: "quoteRequestAddress", key: currentRequest()?.ip ?? "", messageKey: "Auth.tooManyRequests" },
    ...services.map((service) => ({
      name: "quoteInbound" as const,
      key: service.id,
      messageKey: "Requests.serviceBusy",
    })),
  ]);

  // Distances are the driver's own: from the point they gave, else none (the first service's
  // place would make it "0 km" and the others' distances to it, which says nothing of the driver).
  const point = input.near ?? null;
  const car = input.car;
  const writing = prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${viewer.id}::uuid FOR UPDATE`;
    await checkOpenRequests(tx, viewer.id, input.serviceIds);
    const current = await servicesToAsk(tx, viewer, input.serviceIds);
    const request = await tx.quoteRequest.create({
      data: {
        driverId: viewer.id,
        job: input.job,
        description: input.description,
        carMake: car.make,
        carModel: car.model,
        carYear: car.year,
        carFuel: car.fuel,
        ...("asap" in input.when
          ? { asap: true }
          : {
              asap: false,
              fromDate: storedDay(input.when.from),
              toDate: storedDay(input.when.to),
              partOfDay: input.when.partOfDay ?? null,
            }),
        latitude: point?.lat ?? null,
        longitude: point?.lng ?? null,
        driverPhone: input.phone,
        locale,
        expiresAt: new Date(now.getTime() + openHoursOf("asap" in input.when) * HOUR_MS),
        targets: {
          create: current.map((service, position) => ({
            serviceId: service.id,
            position,
            distanceM: point
              ? Math.round(distanceKm(point, { lat: service.latitude, lng: service.longitude }) * 1000)
              : null,
          })),
        },
        images: { create: imageIds.map((imageId, position) => ({ imageId, position })) },
      },
    });
    await tx.user.update({ where: { id: viewer.id }, data: { lastCar: car } });
    for (const service of current) {
      const owner = service.owner!;
      await notifyRequest(
        tx,
        owner.id,
        "new",
        owner.email,
        owner.locale,
        {
          name: owner.name,
          station: service.name,
          job: input.job,
          description: input.description,
          car,
          when: input.when,
        },
        localePath(owner.locale, inboxPathOf(request.id)),
      );
    }
    return request;
  });
  const created = await writing.catch(async (error: unknown) => {
    // Nothing was written (a limit met in the transaction, a service gone meanwhile, a failure):
    // nothing is counted either. A database out of reach keeps its own error, not the give-back's.
    await giveBack().catch(() => undefined);
    throw error;
  });
  return { _id: created.id };
}

/**
 * The services a request goes to, in the driver's order: each published (the catalogue's rule),
 * with an owner to answer, and not the driver's own.
 */
async function servicesToAsk(db: Tx | PrismaClient, viewer: Viewer, ids: string[]) {
  const rows = await db.service.findMany({
    where: { id: { in: ids }, ...PUBLISHED_WHERE },
    select: {
      id: true,
      name: true,
      ownerId: true,
      mechanicOwnerId: true,
      latitude: true,
      longitude: true,
      owner: { select: { id: true, name: true, email: true, locale: true, isBlocked: true } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new BadRequestError({ serviceIds: "Requests.serviceGone" });
    if (!row.ownerId || !row.owner || row.owner.isBlocked)
      throw new BadRequestError({ serviceIds: "Requests.serviceCannotAnswer" });
    if (row.ownerId === viewer.id || row.mechanicOwnerId === viewer.id)
      throw new BadRequestError({ serviceIds: "Requests.ownService" });
    return row;
  });
}

/** One open request per service, and at most REQUEST_MAX_OPEN open at once. */
async function checkOpenRequests(db: Tx | PrismaClient, driverId: string, serviceIds: string[]): Promise<void> {
  const open = { driverId, status: "open" } as const;
  const asked = await db.quoteTarget.count({ where: { serviceId: { in: serviceIds }, request: open } });
  if (asked > 0) throw new AppError(409, "Requests.alreadyAsked", { serviceIds: "Requests.alreadyAsked" });
  if ((await db.quoteRequest.count({ where: open })) >= REQUEST_MAX_OPEN)
    throw new AppError(409, "Requests.tooManyOpen");
}

/**
 * The car of the driver's last request, offered again on the next (null if none, or if what was
 * kept no longer passes today's rules, e.g. a make taken off the brand list).
 */
export async function lastCarOf(viewer: Viewer | null): Promise<Car | null> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { id: viewer.id }, select: { lastCar: true } });
  const parsed = carInput(Number(kyivDay(new Date()).slice(0, 4)) + 1).safeParse(user?.lastCar);
  return parsed.success ? parsed.data : null;
}
