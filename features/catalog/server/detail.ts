import "server-only";

import { cache } from "react";

import { imageUrl } from "@/domain/service/images";
import { PUBLISHED_WHERE } from "@/domain/service/server/published";
import type { ServiceDetail } from "@/features/catalog/answers";
import { currentSpecialHours, toSpecialHours } from "@/features/hours/special-hours-view";
import { orderedImages } from "@/features/listings/server/service-images";
import { osmLink } from "@/features/osm/osm-link";
import { priceLines, toPriceLines } from "@/features/prices/price-list";
import { paidMedians } from "@/features/prices/server/paid-medians";
import { minuteOf, rememberRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { isUuid, NotFoundError } from "@/lib/http/errors";

import { toCard, toTimetable } from "./service-dto";

/** A published service with its photos, hours and reviews: GET /api/items/{id} and /service/{id}. */
export const getPublicService = cache((id: string, now: Date = new Date()): Promise<ServiceDetail> => {
  if (!isUuid(id)) return Promise.reject(new NotFoundError());
  return rememberRead(`service:${id}:${minuteOf(now)}`, () => queryPublicService(id, now));
});

async function queryPublicService(id: string, now: Date): Promise<ServiceDetail> {
  const prisma = await getPrisma();
  const service = await prisma.service.findFirst({
    where: { id, ...PUBLISHED_WHERE },
    include: {
      openingHours: true,
      specialHours: currentSpecialHours(now),
      prices: priceLines,
      images: orderedImages,
      osmPlace: { select: { osmType: true, osmId: true } },
      reviews: { orderBy: { createdAt: "desc" }, include: { user: { select: { name: true } } } },
    },
  });
  if (!service) throw new NotFoundError();
  return {
    ...toCard(
      {
        ...service,
        role: service.role,
        hours: service.openingHours,
        special: service.specialHours.map(toSpecialHours),
      },
      now,
    ),
    image: imageUrl(service.imageId),
    images: service.images.map((photo) => imageUrl(photo.imageId)),
    description: service.description,
    experience: service.experience,
    website: service.website,
    facebook: service.facebook,
    instagram: service.instagram,
    telegram: service.telegram,
    paymentMethods: service.paymentMethods,
    cashOnlyInOutage: service.cashOnlyInOutage,
    timetable: toTimetable(service.openingHours),
    specialHours: service.specialHours.map(toSpecialHours),
    hoursConfirmedAt: service.hoursConfirmedAt.toISOString(),
    prices: service.prices.length
      ? { lines: toPriceLines(service.prices), updatedAt: service.pricesUpdatedAt?.toISOString() ?? null }
      : null,
    paidMedians: await paidMedians(service.id),
    user: service.ownerId,
    osm: service.osmPlace ? osmLink(service.osmPlace.osmType, service.osmPlace.osmId) : null,
    burstFlagged: service.burstFlaggedAt !== null,
    reviews: service.reviews.map((review) => ({
      _id: review.id,
      name: review.user.name,
      rating: { quality: review.quality, speed: review.speed, price: review.price, avg: review.avg },
      comment: review.hiddenAt ? "" : review.comment,
      createdAt: review.createdAt.toISOString(),
      verified: review.verified,
      reply:
        review.replyText !== null && review.replyAt
          ? { text: review.replyText, at: review.replyAt.toISOString() }
          : null,
      hidden: review.hiddenAt ? (review.hiddenReason ?? "pending") : null,
      held: review.heldAt !== null,
    })),
  };
}
