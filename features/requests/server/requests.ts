import "server-only";

import { createHash, randomBytes } from "node:crypto";
import type { Locale } from "next-intl";

import { distanceKm, shownKm } from "@/domain/service/distance";
import { currentBrand } from "@/domain/service/fields";
import { imageIdOf, imageUrl } from "@/domain/service/images";
import { CUSTOM_JOB } from "@/domain/service/jobs";
import { PUBLISHED_WHERE, publishedSql } from "@/domain/service/server/published";
import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { toCard, type CardRow } from "@/features/catalog/server/service-dto";
import { CARD_COLUMNS } from "@/features/catalog/server/sql-fragments";
import { hoursColumns } from "@/features/hours/server/open-now";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma, type PrismaClient } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, BadRequestError, isUniqueViolation, isUuid, NotFoundError } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/page-of";
import { ADMIN_PAGE_SIZE } from "@/lib/http/pagination";
import { currentRequest } from "@/lib/http/request-context";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import { limiter, throttleKey, tooMany, tryTake, type ThrottleName } from "@/lib/security/rate-limit";

import {
  INBOX_PAGE_SIZE,
  MY_REQUESTS_MAX,
  openHoursOf,
  REQUEST_MAX_OPEN,
  REQUEST_NEARBY_KM,
  REQUEST_VISIT_CODE_DAYS,
  SUGGEST_MAX,
  type AdminRequestPage,
  type AdminRequestView,
  type AnswerView,
  type Car,
  type CarFuel,
  type InboxItem,
  type InboxPage,
  type RequestJob,
  type RequestView,
  type RequestWhenView,
  type SuggestedService,
} from "../rules";
import {
  acceptInput,
  adminCloseInput,
  adminRequestsQuery,
  answerInput,
  cancelInput,
  carInput,
  inboxQuery,
  kyivDay,
  requestInput,
  suggestQuery,
} from "../schema";
import { mailRequest } from "./request-mail";
import { refreshResponseFigures } from "./response-figures";

/**
 * Requests for a price and a time. A driver asks up to five services about one job; each service's
 * owner answers once (a price and a time, or a no); the driver accepts one answer, which tells the
 * chosen shop who the driver is and the others that someone else was chosen. Either side can
 * cancel with a reason, an admin can close any request, and the job (scheduled.ts) reminds and
 * closes by time. Every write and the mails it sends are one transaction; writes that race (an
 * answer, an acceptance, a cancellation of one request) wait for each other on the request's row.
 * Nobody sees more than their part: a driver their own requests, a shop its own targets and its
 * own answer, the driver's contacts only once chosen.
 */

type Tx = Prisma.TransactionClient;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Target states in which a service is still part of a request (not declined, not passed over). */
const INVOLVED = ["sent", "answered", "chosen"] as const;

/**
 * A service someone can answer for: published, and with an owner whose account is not blocked (a
 * blocked owner cannot sign in, and must not be sent a driver's contacts). suggestServices spells
 * the same in SQL.
 */
const ANSWERABLE_WHERE = { ...PUBLISHED_WHERE, owner: { isBlocked: false } } satisfies Prisma.ServiceWhereInput;

/** Answers, acceptances and cancellations of one request wait for each other: the request's row is the lock. */
async function lockRequest(tx: Tx, requestId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM quote_requests WHERE id = ${requestId}::uuid FOR UPDATE`;
}

/** A request the driver can still act on: open and not past its time (the job may not have closed it yet). */
const isOpen = (request: { status: string; expiresAt: Date }, now = new Date()) =>
  request.status === "open" && request.expiresAt > now;

type Count = { name: ThrottleName; key: string; messageKey: string };

/**
 * Counts one on each throttle in turn; over one, a 429 with its message. A refusal gives back
 * what this call already counted, and the returned function gives back all of it (for a write
 * refused after counting): a refused request uses up neither the driver's day nor the quota of the
 * other services it named, which a hostile driver could otherwise drain unseen.
 */
async function takeAll(counts: Count[]): Promise<() => Promise<void>> {
  const taken: Count[] = [];
  const giveBack = async () => {
    for (const count of taken.splice(0)) await (await limiter(count.name)).reward(throttleKey(count.key));
  };
  for (const count of counts) {
    if (await tryTake(count.name, count.key)) {
      taken.push(count);
      continue;
    }
    await giveBack();
    const res = await (await limiter(count.name)).get(throttleKey(count.key));
    throw tooMany(res?.msBeforeNext ?? 60_000, count.messageKey);
  }
  return giveBack;
}

/** A target's fixed distance as shown (the catalog's shownKm: 0, "nearby", under 100 m): none when the driver gave no point. */
const kmOf = (metres: number | null) => (metres === null ? null : shownKm(metres / 1000));
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const storedDay = (day: string) => new Date(`${day}T00:00:00Z`);

// ---- views -------------------------------------------------------------------------------------

type AnswerRow = Prisma.QuoteAnswerGetPayload<object>;
type RequestRow = Prisma.QuoteRequestGetPayload<object>;

function answerView(row: AnswerRow): AnswerView {
  return {
    _id: row.id,
    serviceId: row.serviceId,
    decline: row.decline,
    price: row.price,
    priceFrom: row.priceFrom,
    priceTo: row.priceTo,
    slot: row.slot?.toISOString() ?? null,
    earliest: row.earliest ? dayOf(row.earliest) : null,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

// A make stored with the first spec's spelling ("Waz/Lada") reads as the brand list spells it now.
const carOf = (row: RequestRow): Car => ({
  make: currentBrand(row.carMake) as Car["make"],
  model: row.carModel,
  year: row.carYear,
  fuel: row.carFuel as CarFuel,
});

function whenOf(row: RequestRow): RequestWhenView {
  if (row.asap || !row.fromDate || !row.toDate) return { asap: true };
  return { from: dayOf(row.fromDate), to: dayOf(row.toDate), partOfDay: row.partOfDay };
}

/** What the driver asked, as both the driver's view and a service's inbox show it. */
function askedIn(row: RequestRow & { images: { imageId: string }[] }) {
  return {
    job: row.job as RequestJob,
    description: row.description,
    car: carOf(row),
    when: whenOf(row),
    images: row.images.map((image) => imageUrl(image.imageId)),
  };
}

const viewInclude = {
  targets: {
    orderBy: { position: "asc" },
    include: {
      service: {
        select: {
          id: true,
          name: true,
          role: true,
          imageId: true,
          address: true,
          contactPhone1: true,
          ratingAvg: true,
          numReviews: true,
          responseMinutes: true,
          responseRate: true,
        },
      },
    },
  },
  answers: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  images: { orderBy: { position: "asc" }, select: { imageId: true } },
} satisfies Prisma.QuoteRequestInclude;
type ViewRow = Prisma.QuoteRequestGetPayload<{ include: typeof viewInclude }>;

function requestView(row: ViewRow): RequestView {
  return {
    _id: row.id,
    status: row.status,
    ...askedIn(row),
    phone: row.driverPhone,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    closedBy: row.closedBy,
    closeReason: row.closeReason,
    acceptedAnswerId: row.acceptedAnswerId,
    services: row.targets.map((target) => ({
      serviceId: target.serviceId,
      name: target.service.name,
      role: target.service.role,
      image: imageUrl(target.service.imageId),
      address: target.service.address,
      phone: target.service.contactPhone1,
      distanceKm: kmOf(target.distanceM),
      ratingAvg: target.service.ratingAvg,
      numReviews: target.service.numReviews,
      responseTime: target.service.responseMinutes,
      responseRate: target.service.responseRate,
      status: target.status,
    })),
    answers: row.answers.map(answerView),
  };
}

export type { AdminRequestView } from "../rules";

// ---- the driver --------------------------------------------------------------------------------

const person = { select: { id: true, name: true, email: true, locale: true } } as const;
type Person = { id: string; name: string; email: string; locale: Locale };

/**
 * POST /api/requests. Checked before anything is counted: the services (published, with an owner
 * to answer, not the driver's own), the photos (the driver's uploads), one open request per
 * service and at most REQUEST_MAX_OPEN open; then the throttles (per driver a day, per client
 * address an hour, per service a day; all given back when the request is refused after all);
 * then, with the driver's row locked against a second tab, the same limits again and the writes:
 * the request, its targets with their fixed distances, its photos, the driver's car for next time,
 * and a mail to each service's owner.
 */
export async function createRequest(viewer: Viewer | null, body: unknown, locale: Locale): Promise<{ _id: string }> {
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
      await mailRequest(
        tx,
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
        localePath(owner.locale, "/requests/inbox"),
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
      owner: { select: { name: true, email: true, locale: true, isBlocked: true } },
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
  if (!row || (row.driverId !== viewer.id && !viewer.isAdmin)) throw new NotFoundError();
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

/**
 * POST /api/requests/{id}/accept { answerId }: the driver chooses an answer (not a decline) of
 * their open request. Its service is chosen, every other one still in play passed over and told
 * so politely; the chosen shop gets the driver's name and e-mail; a visit code bound to the
 * driver is issued for their later review.
 */
export async function acceptAnswer(viewer: Viewer | null, requestId: string, body: unknown): Promise<{ ok: true }> {
  requireAccess(viewer, "signedIn");
  const { answerId } = parseOrThrow(acceptInput, body);
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await lockRequest(tx, requestId);
    const request = await tx.quoteRequest.findUnique({
      where: { id: requestId },
      include: {
        driver: person,
        targets: { include: { service: { select: { name: true, owner: person } } } },
      },
    });
    if (!request || request.driverId !== viewer.id) throw new NotFoundError();
    const now = new Date();
    if (!isOpen(request, now)) throw new AppError(409, "Requests.notOpen");
    const answer = await tx.quoteAnswer.findUnique({ where: { id: answerId } });
    // Compared with the stored id: the path's may be written in capitals.
    if (!answer || answer.requestId !== request.id) throw new BadRequestError({ answerId: "Requests.answerGone" });
    if (answer.decline) throw new BadRequestError({ answerId: "Requests.answerDeclined" });
    // Blocked, unpublished or left without an owner since it answered: nobody (or someone the site
    // shut out) would get the driver's contacts and the visit.
    if (!(await tx.service.count({ where: { id: answer.serviceId, ...ANSWERABLE_WHERE } })))
      throw new AppError(409, "Requests.answerUnavailable");

    await tx.quoteRequest.update({
      where: { id: requestId },
      data: { status: "accepted", acceptedAnswerId: answer.id, acceptedAt: now },
    });
    await tx.visitCode.create({
      data: {
        serviceId: answer.serviceId,
        userId: request.driverId,
        quoteRequestId: requestId,
        // Nobody types this code: it only has to be unique and unguessable.
        codeHash: createHash("sha256").update(randomBytes(32).toString("hex")).digest("hex"),
        expiresAt: new Date(now.getTime() + REQUEST_VISIT_CODE_DAYS * DAY_MS),
      },
    });
    const values = { job: request.job, description: request.description };
    for (const target of request.targets) {
      const owner = target.service.owner;
      if (target.serviceId === answer.serviceId) {
        await tx.quoteTarget.update({ where: { id: target.id }, data: { status: "chosen" } });
        if (owner)
          await mailRequest(
            tx,
            "chosen",
            owner.email,
            owner.locale,
            {
              ...values,
              name: owner.name,
              station: target.service.name,
              driverName: request.driver.name,
              driverEmail: request.driver.email,
              driverPhone: request.driverPhone,
            },
            localePath(owner.locale, "/requests/inbox"),
          );
      } else if (target.status === "sent" || target.status === "answered") {
        await tx.quoteTarget.update({ where: { id: target.id }, data: { status: "passed" } });
        if (owner)
          await mailRequest(tx, "passed", owner.email, owner.locale, {
            ...values,
            name: owner.name,
            station: target.service.name,
          });
      }
    }
  });
  return { ok: true };
}

/**
 * POST /api/requests/{id}/cancel { reason, serviceId? }. The driver cancels their open or
 * accepted request: every service still in it is told. The chosen service's owner (naming it in
 * serviceId) cancels an accepted request: the driver is told. The visit code issued on
 * acceptance stops working unless already used: the visit is off.
 */
export async function cancelRequest(viewer: Viewer | null, requestId: string, body: unknown): Promise<{ ok: true }> {
  requireAccess(viewer, "signedIn");
  const { reason, serviceId } = parseOrThrow(cancelInput, body);
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await lockRequest(tx, requestId);
    const request = await tx.quoteRequest.findUnique({ where: { id: requestId }, include: closingInclude });
    if (!request) throw new NotFoundError();
    const now = new Date();
    if (request.driverId === viewer.id) {
      if (request.status !== "open" && request.status !== "accepted")
        throw new AppError(409, "Requests.notCancellable");
      await closeRequest(tx, request, { closedBy: "driver", closedById: viewer.id, reason, now });
      for (const target of request.targets) {
        const owner = target.service.owner;
        if (owner && isInvolved(target.status))
          await mailRequest(
            tx,
            "cancelledByDriver",
            owner.email,
            owner.locale,
            {
              name: owner.name,
              station: target.service.name,
              job: request.job,
              description: request.description,
              reason,
            },
            localePath(owner.locale, "/requests/inbox"),
          );
      }
      return;
    }
    // A shop: only through a service of its own that the request went to; anyone else finds nothing.
    const target = serviceId ? request.targets.find((candidate) => candidate.serviceId === serviceId) : undefined;
    if (!target || target.service.ownerId !== viewer.id) throw new NotFoundError();
    if (request.status !== "open" && request.status !== "accepted") throw new AppError(409, "Requests.notCancellable");
    if (request.status !== "accepted" || target.status !== "chosen")
      throw new AppError(403, "Requests.onlyChosenCancels");
    await closeRequest(tx, request, { closedBy: "shop", closedById: viewer.id, reason, now });
    await mailRequest(
      tx,
      "cancelledByShop",
      request.driver.email,
      request.locale,
      {
        name: request.driver.name,
        station: target.service.name,
        job: request.job,
        description: request.description,
        reason,
      },
      localePath(request.locale, `/requests/${request.id}`),
    );
  });
  return { ok: true };
}

const closingInclude = {
  driver: person,
  targets: {
    orderBy: { position: "asc" },
    include: { service: { select: { name: true, ownerId: true, owner: person } } },
  },
} satisfies Prisma.QuoteRequestInclude;
type ClosingRow = Prisma.QuoteRequestGetPayload<{ include: typeof closingInclude }>;

const isInvolved = (status: string) => (INVOLVED as readonly string[]).includes(status);

/**
 * Ends a request: cancelled, by whom and why; every service still in it (sent, answered or chosen)
 * is cancelled too; the unused visit code of an acceptance stops working.
 */
async function closeRequest(
  tx: Tx,
  request: ClosingRow,
  close: { closedBy: "driver" | "shop" | "admin"; closedById: string; reason: string; now: Date },
): Promise<void> {
  await tx.quoteRequest.update({
    where: { id: request.id },
    data: {
      status: "cancelled",
      closedBy: close.closedBy,
      closedById: close.closedById,
      closeReason: close.reason,
      closedAt: close.now,
    },
  });
  await tx.quoteTarget.updateMany({
    where: { requestId: request.id, status: { in: [...INVOLVED] } },
    data: { status: "cancelled" },
  });
  await tx.visitCode.updateMany({
    where: { quoteRequestId: request.id, usedAt: null, expiresAt: { gt: close.now } },
    data: { expiresAt: close.now },
  });
}

// ---- the shops ---------------------------------------------------------------------------------

/**
 * POST /api/requests/{id}/answers: the owner of `serviceId` answers (or declines) once, while the
 * request is open. A service the request did not go to finds nothing; a blocked or unpublished one
 * cannot answer. The driver is mailed; the service's response figures are worked out again.
 */
export async function answerRequest(viewer: Viewer | null, requestId: string, body: unknown): Promise<{ _id: string }> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(answerInput(new Date()), body);
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const service = await prisma.service.findUnique({
    where: { id: input.serviceId },
    select: { id: true, name: true, ownerId: true },
  });
  if (!service || service.ownerId !== viewer.id) throw new AppError(403, "Requests.notYourService");
  const target = await prisma.quoteTarget.findUnique({
    where: { requestId_serviceId: { requestId, serviceId: service.id } },
    select: { id: true },
  });
  if (!target) throw new NotFoundError();
  if (!(await prisma.service.count({ where: { id: service.id, ...ANSWERABLE_WHERE } })))
    throw new AppError(403, "Requests.serviceUnavailable");
  await checkAnswerable(prisma, requestId, target.id, viewer.id);
  await takeAll([{ name: "quoteAnswer", key: viewer.id, messageKey: "Requests.tooManyAnswers" }]);

  let figuresChanged = false;
  const answer = await prisma
    .$transaction(async (tx) => {
      await lockRequest(tx, requestId);
      const request = await checkAnswerable(tx, requestId, target.id, viewer.id);
      const now = new Date();
      const created = await tx.quoteAnswer.create({
        data: {
          requestId,
          serviceId: service.id,
          authorId: viewer.id,
          decline: input.decline,
          price: input.price,
          priceFrom: input.priceFrom,
          priceTo: input.priceTo,
          slot: input.slot,
          earliest: input.earliest ? storedDay(input.earliest) : null,
          message: input.message,
        },
      });
      await tx.quoteTarget.update({
        where: { id: target.id },
        data: { status: input.decline ? "declined" : "answered", answeredAt: now },
      });
      figuresChanged = await refreshResponseFigures(tx, service.id);
      await mailRequest(
        tx,
        "answered",
        request.driver.email,
        request.locale,
        {
          name: request.driver.name,
          station: service.name,
          job: request.job,
          description: request.description,
          declined: input.decline,
        },
        localePath(request.locale, `/requests/${request.id}`),
      );
      return created;
    })
    .catch((error: unknown) => {
      // A second answer that raced past the checks meets the unique (request, service) index.
      if (isUniqueViolation(error)) throw new AppError(409, "Requests.alreadyAnswered");
      throw error;
    });
  if (figuresChanged) await announceCatalogChange();
  return { _id: answer.id };
}

/**
 * The request is still there (its driver's account may have gone since: 404), it is not the
 * answerer's own (a driver who came to own a service they asked, through a claim), it is open and
 * this service has not answered it yet (409 otherwise).
 */
async function checkAnswerable(db: Tx | PrismaClient, requestId: string, targetId: string, viewerId: string) {
  const request = await db.quoteRequest.findUnique({
    where: { id: requestId },
    include: { driver: person, targets: { where: { id: targetId }, select: { status: true } } },
  });
  if (!request) throw new NotFoundError();
  if (request.driverId === viewerId) throw new AppError(403, "Requests.ownService");
  if (!isOpen(request)) throw new AppError(409, "Requests.notOpen");
  if (request.targets[0]?.status !== "sent") throw new AppError(409, "Requests.alreadyAnswered");
  return request;
}

/** What a shop's inbox reads of a target: its request (no driver unless chosen), never other targets. */
const inboxInclude = {
  service: { select: { name: true } },
  request: {
    include: {
      driver: { select: { name: true, email: true } },
      images: { orderBy: { position: "asc" }, select: { imageId: true } },
    },
  },
} satisfies Prisma.QuoteTargetInclude;

/** The targets of the viewer's services: all of them, or the new ones (not answered, request open). */
function inboxWhere(viewerId: string, status: "new" | "all", now: Date): Prisma.QuoteTargetWhereInput {
  const mine = { service: { ownerId: viewerId } };
  return status === "new" ? { ...mine, status: "sent", request: { status: "open", expiresAt: { gt: now } } } : mine;
}

/**
 * GET /api/requests/inbox?status=new|all&page=: requests to the viewer's services, the urgent ones
 * first (as soon as possible, open, this service not answered yet: a driver stuck now), then
 * newest first. Prisma cannot order by a condition, so the page's ids and their urgency come from
 * one SQL query (the same filter as inboxWhere), and the rows are read by id.
 */
export async function inbox(viewer: Viewer | null, query: unknown): Promise<InboxPage> {
  requireAccess(viewer, "signedIn");
  const { status, page } = parseOrThrow(inboxQuery, query);
  const prisma = await getPrisma();
  const now = new Date();
  const where = inboxWhere(viewer.id, status, now);
  const total = await prisma.quoteTarget.count({ where });
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  if (page > pages) throw new BadRequestError({ page: "Validation.pageOutOfRange" });
  const waiting = Prisma.sql`t.status = 'sent' AND r.status = 'open' AND r."expiresAt" > ${now}`;
  const ordered = await prisma.$queryRaw<{ id: string; urgent: boolean }[]>`
    SELECT t.id::text AS id, (r.asap AND ${waiting}) AS urgent
    FROM quote_targets t
      JOIN quote_requests r ON r.id = t."requestId"
      JOIN services s ON s.id = t."serviceId"
    WHERE s."ownerId" = ${viewer.id}::uuid ${status === "new" ? Prisma.sql`AND ${waiting}` : Prisma.empty}
    -- A request to several of the viewer's services shows once per service, in the driver's order.
    ORDER BY urgent DESC, t."createdAt" DESC, t."requestId" DESC, t.position ASC
    LIMIT ${INBOX_PAGE_SIZE} OFFSET ${(page - 1) * INBOX_PAGE_SIZE}`;
  const rows = ordered.length
    ? await prisma.quoteTarget.findMany({
        where: { id: { in: ordered.map((row) => row.id) } },
        include: inboxInclude,
      })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const urgentIds = new Set(ordered.filter((row) => row.urgent).map((row) => row.id));
  const targets = ordered.flatMap((row) => byId.get(row.id) ?? []);
  const answers = targets.length
    ? await prisma.quoteAnswer.findMany({
        where: { OR: targets.map((target) => ({ requestId: target.requestId, serviceId: target.serviceId })) },
      })
    : [];
  const answerOf = new Map(answers.map((answer) => [`${answer.requestId}|${answer.serviceId}`, answer]));
  const items: InboxItem[] = targets.map((target) => {
    const request = target.request;
    const answer = answerOf.get(`${target.requestId}|${target.serviceId}`);
    return {
      _id: request.id,
      targetId: target.id,
      serviceId: target.serviceId,
      serviceName: target.service.name,
      status: target.status,
      requestStatus: request.status,
      urgent: urgentIds.has(target.id),
      ...askedIn(request),
      distanceKm: kmOf(target.distanceM),
      createdAt: target.createdAt.toISOString(),
      expiresAt: request.expiresAt.toISOString(),
      answer: answer ? answerView(answer) : null,
      // Who asked (and the phone they gave) only for the service they chose, while it is chosen.
      driver:
        target.status === "chosen"
          ? { name: request.driver.name, email: request.driver.email, phone: request.driverPhone }
          : null,
      // Why it closed, for a service still part of it then (and mailed that reason); one passed
      // over or that declined does not read the chosen shop's or the driver's words.
      closeReason: target.status === "cancelled" ? request.closeReason : "",
    };
  });
  return { items, total, page, pages };
}

/** GET /api/requests/inbox/count: new requests to the viewer's services (0 for someone without any). */
export async function inboxCount(viewer: Viewer | null): Promise<{ new: number }> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  return { new: await prisma.quoteTarget.count({ where: inboxWhere(viewer.id, "new", new Date()) }) };
}

// ---- the admin ---------------------------------------------------------------------------------

/** GET /api/items/admin/requests?status=&page=: every request (or those of one status), newest first. */
export async function adminRequests(viewer: Viewer | null, query: unknown): Promise<AdminRequestPage> {
  requireAccess(viewer, "admin");
  const { status, page } = parseOrThrow(adminRequestsQuery, query);
  const prisma = await getPrisma();
  const where = status ? { status } : {};
  const total = await prisma.quoteRequest.count({ where });
  const { pages, offset } = pageOf(total, page);
  const rows = await prisma.quoteRequest.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: offset,
    take: ADMIN_PAGE_SIZE,
    include: {
      driver: { select: { email: true } },
      targets: { orderBy: { position: "asc" }, include: { service: { select: { name: true } } } },
      _count: { select: { answers: true } },
    },
  });
  return {
    requests: rows.map((row) => ({
      _id: row.id,
      status: row.status,
      job: row.job as RequestJob,
      createdAt: row.createdAt.toISOString(),
      driverEmail: row.driver.email,
      services: row.targets.map((target) => ({
        serviceId: target.serviceId,
        name: target.service.name,
        status: target.status,
      })),
      answers: row._count.answers,
    })),
    total,
    page,
    pages,
  };
}

/**
 * POST /api/items/admin/requests/{id}/close { reason }: an admin ends an open or accepted request;
 * the driver and every service still in it are told why. Audited.
 */
export async function adminCloseRequest(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<{ ok: true }> {
  requireAccess(viewer, "admin");
  const { reason } = parseOrThrow(adminCloseInput, body);
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await lockRequest(tx, requestId);
    const request = await tx.quoteRequest.findUnique({ where: { id: requestId }, include: closingInclude });
    if (!request) throw new NotFoundError();
    if (request.status !== "open" && request.status !== "accepted") throw new AppError(409, "Requests.notCancellable");
    await closeRequest(tx, request, { closedBy: "admin", closedById: viewer.id, reason, now: new Date() });
    const values = { job: request.job, description: request.description, reason };
    await mailRequest(
      tx,
      "closedByAdmin",
      request.driver.email,
      request.locale,
      { ...values, name: request.driver.name },
      localePath(request.locale, `/requests/${request.id}`),
    );
    for (const target of request.targets) {
      const owner: Person | null = target.service.owner;
      if (owner && isInvolved(target.status))
        await mailRequest(
          tx,
          "closedByAdmin",
          owner.email,
          owner.locale,
          { ...values, name: owner.name, station: target.service.name },
          localePath(owner.locale, "/requests/inbox"),
        );
    }
    await writeAudit(tx, viewer.id, "request.close", "request", requestId, { reason, status: request.status });
  });
  return { ok: true };
}
