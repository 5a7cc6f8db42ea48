import "server-only";

import type { Locale } from "next-intl";

import { shownKm } from "@/domain/service/distance";
import { currentBrand } from "@/domain/service/fields";
import { imageUrl } from "@/domain/service/images";
import { PUBLISHED_WHERE } from "@/domain/service/server/published";
import { Prisma } from "@/lib/generated/prisma/client";
import { limiter, throttleKey, tooMany, tryTake, type ThrottleName } from "@/lib/security/rate-limit";

import type { AnswerView, RequestView, RequestWhenView } from "../answers";
import type { Car, CarFuel, RequestJob } from "../rules";

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

export type Tx = Prisma.TransactionClient;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Target states in which a service is still part of a request (not declined, not passed over). */
export const INVOLVED = ["sent", "answered", "chosen"] as const;

/**
 * A service someone can answer for: published, and with an owner whose account is not blocked (a
 * blocked owner cannot sign in, and must not be sent a driver's contacts). suggestServices spells
 * the same in SQL.
 */
export const ANSWERABLE_WHERE = { ...PUBLISHED_WHERE, owner: { isBlocked: false } } satisfies Prisma.ServiceWhereInput;

/** Answers, acceptances and cancellations of one request wait for each other: the request's row is the lock. */
export async function lockRequest(tx: Tx, requestId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM quote_requests WHERE id = ${requestId}::uuid FOR UPDATE`;
}

/** A request the driver can still act on: open and not past its time (the job may not have closed it yet). */
export const isOpen = (request: { status: string; expiresAt: Date }, now = new Date()) =>
  request.status === "open" && request.expiresAt > now;

type Count = { name: ThrottleName; key: string; messageKey: string };

/**
 * Counts one on each throttle in turn; over one, a 429 with its message. A refusal gives back
 * what this call already counted, and the returned function gives back all of it (for a write
 * refused after counting): a refused request uses up neither the driver's day nor the quota of the
 * other services it named, which a hostile driver could otherwise drain unseen.
 */
export async function takeAll(counts: Count[]): Promise<() => Promise<void>> {
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
export const kmOf = (metres: number | null) => (metres === null ? null : shownKm(metres / 1000));
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const storedDay = (day: string) => new Date(`${day}T00:00:00Z`);

// ---- views -------------------------------------------------------------------------------------

type AnswerRow = Prisma.QuoteAnswerGetPayload<object>;
type RequestRow = Prisma.QuoteRequestGetPayload<object>;

export function answerView(row: AnswerRow): AnswerView {
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
export function askedIn(row: RequestRow & { images: { imageId: string }[] }) {
  return {
    job: row.job as RequestJob,
    description: row.description,
    car: carOf(row),
    when: whenOf(row),
    images: row.images.map((image) => imageUrl(image.imageId)),
    jobStatus: row.jobStatus,
  };
}

export const viewInclude = {
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

export function requestView(row: ViewRow): RequestView {
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

export type Person = { id: string; name: string; email: string; locale: Locale };
