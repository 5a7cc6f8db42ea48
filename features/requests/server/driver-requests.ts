import "server-only";

import { shownKm } from "@/domain/service/distance";
import { CUSTOM_JOB } from "@/domain/service/jobs";
import { PUBLISHED_WHERE, publishedSql } from "@/domain/service/server/published";
import { actsAsAdmin, requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { toCard, type CardRow } from "@/features/catalog/server/service-dto";
import { CARD_COLUMNS } from "@/features/catalog/server/sql-fragments";
import { hoursColumns } from "@/features/hours/server/open-now";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { BadRequestError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";

import type { AdminRequestView, RequestView, SuggestedService } from "../answers";
import { MY_REQUESTS_MAX, REQUEST_NEARBY_KM, SUGGEST_MAX } from "../rules";
import { suggestQuery } from "../schema";
import { requestView, viewInclude } from "./request-view";

// ---- the driver --------------------------------------------------------------------------------

/** GET /api/requests/mine: the driver's requests, newest first. */
export async function myRequests(viewer: Viewer | null): Promise<RequestView[]> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  const rows = await prisma.quoteRequest.findMany({
    where: { driverId: viewer.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MY_REQUESTS_MAX,
    include: viewInclude,
  });
  return rows.map(requestView);
}

/** GET /api/requests/{id}: for its driver, or an admin (who also sees who asked); anyone else 404. */
export async function requestDetail(viewer: Viewer | null, requestId: string): Promise<RequestView | AdminRequestView> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const row = await prisma.quoteRequest.findUnique({
    where: { id: requestId },
    include: { ...viewInclude, driver: { select: { name: true, email: true } } },
  });
  if (!row || (row.driverId !== viewer.id && !actsAsAdmin(viewer))) throw new NotFoundError();
  const { phone, ...view } = requestView(row);
  return row.driverId === viewer.id ? { ...view, phone } : { ...view, driver: row.driver };
}

type SuggestRow = CardRow & { km: number | null; price: number | null };

/**
 * GET /api/requests/suggest: published services with an owner within REQUEST_NEARBY_KM of the
 * service (or the point) that list the job among their prices ("custom": any), best rated first
 * (the ranking's smoothed score), then nearest; never the given service nor the viewer's own.
 * Distances are from the driver's point (lat/lng; beside a service, the point the driver came
 * with), none without one; each says whether it is open now, by the cards' own rule (toCard).
 */
export async function suggestServices(viewer: Viewer | null, query: unknown): Promise<SuggestedService[]> {
  requireAccess(viewer, "signedIn");
  const { serviceId, lat, lng, job } = parseOrThrow(suggestQuery, query);
  const prisma = await getPrisma();
  const driverPoint = lat !== undefined && lng !== undefined ? { lat, lng } : null;
  let around: { lat: number; lng: number };
  if (serviceId) {
    const origin = await prisma.service.findFirst({
      where: { id: serviceId, ...PUBLISHED_WHERE },
      select: { latitude: true, longitude: true },
    });
    if (!origin) throw new BadRequestError({ serviceId: "Requests.serviceGone" });
    around = { lat: origin.latitude, lng: origin.longitude };
  } else {
    around = driverPoint!;
  }
  const earthAt = (point: { lat: number; lng: number }) =>
    Prisma.sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
  const center = earthAt(around);
  const aroundKm = Prisma.sql`(earth_distance(${center}, ll_to_earth(s.latitude, s.longitude)) / 1000.0)`;
  const driverKm = driverPoint
    ? Prisma.sql`(earth_distance(${earthAt(driverPoint)}, ll_to_earth(s.latitude, s.longitude)) / 1000.0)`
    : Prisma.sql`NULL::float8`;
  const doesJob =
    job === CUSTOM_JOB
      ? Prisma.empty
      : Prisma.sql`AND EXISTS (SELECT 1 FROM service_prices p WHERE p."serviceId" = s.id AND p.job = ${job})`;
  const now = new Date();
  const rows = await prisma.$queryRaw<SuggestRow[]>`
    SELECT ${CARD_COLUMNS}, ${hoursColumns(now)}, ${driverKm} AS km,
      (SELECT min(p."fromUah") FROM service_prices p WHERE p."serviceId" = s.id AND p.job = ${job})::int AS price
    FROM services s
    WHERE ${Prisma.raw(publishedSql("s"))}
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = s."ownerId" AND NOT u."isBlocked")
      AND s."ownerId" <> ${viewer.id}::uuid
      AND (s."mechanicOwnerId" IS NULL OR s."mechanicOwnerId" <> ${viewer.id}::uuid)
      AND s.id <> ${serviceId ?? "00000000-0000-0000-0000-000000000000"}::uuid
      AND earth_box(${center}, ${REQUEST_NEARBY_KM * 1000}::float8) @> ll_to_earth(s.latitude, s.longitude)
      AND ${aroundKm} <= ${REQUEST_NEARBY_KM}
      ${doesJob}
    ORDER BY s."ratingScore" DESC, ${aroundKm} ASC, s.id
    LIMIT ${SUGGEST_MAX}`;
  return rows.map((row) => {
    const card = toCard(row, now);
    return {
      serviceId: card._id,
      name: card.name,
      role: card.role,
      image: card.image,
      address: card.address,
      distanceKm: row.km === null ? null : shownKm(row.km),
      ratingAvg: row.ratingAvg,
      numReviews: card.numReviews,
      responseTime: row.responseMinutes,
      responseRate: row.responseRate,
      price: job === CUSTOM_JOB ? null : row.price,
      openNow: card.openNow,
      nextChange: card.nextChange,
      liveStatus: card.liveStatus,
      timeZone: card.timeZone,
      hoursKnown: card.hoursKnown,
    };
  });
}
