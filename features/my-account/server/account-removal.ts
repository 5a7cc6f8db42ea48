import "server-only";

import { keepAnActiveAdmin } from "@/features/accounts/server/last-admin";
import { endAllSessions } from "@/features/accounts/server/session";
import { recomputeAggregates } from "@/features/reviews/server/reviews";
import { lockReviewedServices } from "@/features/reviews/server/service-lock";
import { Prisma } from "@/lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;
export type Removal = {
  reviews: number;
  requests: number;
  services: number;
  archivedStations: string[];
  images: number;
  tombstone: boolean;
};

/**
 * Removing an account, whoever asks (the user, or an admin), decided once:
 * - the user's reviews go, and the services they reviewed get their ratings recomputed;
 * - their requests for a price go, with their photos, the services' answers to them and the threads
 *   with the services (both sides' messages); messages they wrote for a station that is archived
 *   stay in its threads, as its answers do;
 * - their Saved list goes (a tombstone keeps no list);
 * - stations never paid for and the master profile go, with their hours and reviews;
 * - a *paid* station is not destroyed: it is archived (blocked, so no longer listed) and its
 *   payments stay on record, for a refund or a transfer by an admin;
 * - the user row goes, unless a paid station still needs an owner: then it becomes a tombstone
 *   ("Deleted user", an address that can never receive mail, no password, blocked);
 * - every session ends. The last active admin cannot be removed.
 * Runs in the caller's transaction, so it happens whole or not at all.
 */
export async function removeAccount(tx: Tx, userId: string): Promise<Removal> {
  await keepAnActiveAdmin(tx, userId);
  await endAllSessions(userId, tx);
  // `not` alone leaves out services without an owner (SQL's NULL <> x): an unclaimed imported place.
  const reviewed = await tx.review.findMany({
    where: { userId, service: { OR: [{ ownerId: null }, { ownerId: { not: userId } }] } },
    select: { serviceId: true },
  });
  // Every service the person reviewed, locked before their reviews go (features/reviews/server/service-lock.ts).
  const all = await tx.review.findMany({ where: { userId }, select: { serviceId: true } });
  await lockReviewedServices(
    tx,
    all.map((row) => row.serviceId),
  );
  const reviews = await tx.review.deleteMany({ where: { userId } });
  for (const { serviceId } of reviewed) await recomputeAggregates(tx, serviceId);
  const paid = await tx.service.findMany({
    where: { ownerId: userId, role: "sto", isPaid: true },
    select: { id: true },
  });
  const archivedStations = paid.map((service) => service.id);
  if (archivedStations.length)
    await tx.service.updateMany({ where: { id: { in: archivedStations } }, data: { isBlocked: true } });
  const services = await tx.service.deleteMany({ where: { ownerId: userId, id: { notIn: archivedStations } } });
  await tx.emailToken.deleteMany({ where: { userId } });
  // Their requests for a price (car, description, photos, the threads and their messages) go too;
  // the services asked lose the rows from their inboxes. Before the images, so the requests' photos
  // are no longer held (a message's photo goes with the image: its row cascades).
  const requests = await tx.quoteRequest.deleteMany({ where: { driverId: userId } });
  await tx.savedService.deleteMany({ where: { userId } });
  // A tombstone hears of nothing: no choices, no linked chat or browser, nothing waiting to be sent.
  await tx.notificationSettings.deleteMany({ where: { userId } });
  await tx.telegramLink.deleteMany({ where: { userId } });
  await tx.telegramLinkCode.deleteMany({ where: { userId } });
  await tx.pushSubscription.deleteMany({ where: { userId } });
  await tx.notificationDelivery.deleteMany({ where: { userId } });
  await tx.user.update({ where: { id: userId }, data: { image: { disconnect: true }, lastCar: Prisma.DbNull } });
  const images = await tx.image.deleteMany({
    where: { ownerId: userId, services: { none: {} }, serviceImages: { none: {} }, users: { none: {} } },
  });
  const tombstone = archivedStations.length > 0;
  if (tombstone) {
    const address = `deleted-${userId}@deleted.invalid`;
    await tx.user.update({
      where: { id: userId },
      data: {
        name: "Deleted user",
        email: address,
        emailNormalized: address,
        passwordHash: "!",
        isAdmin: false,
        isBlocked: true,
        // Nothing that ever signed in stays with the tombstone: no second factor, no recovery codes.
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      },
    });
    await tx.recoveryCode.deleteMany({ where: { userId } });
  } else {
    await tx.user.delete({ where: { id: userId } });
  }
  return {
    reviews: reviews.count,
    requests: requests.count,
    services: services.count,
    archivedStations,
    images: images.count,
    tombstone,
  };
}
