import "server-only";

import { createHash, randomBytes } from "node:crypto";
import ical, { ICalEventStatus } from "ical-generator";
import { createTranslator, type Locale } from "next-intl";

import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { MESSAGES } from "@/i18n/messages";
import { getPrisma } from "@/lib/db/server";
import { AppError, NotFoundError } from "@/lib/http/errors";
import { openSecret, sealSecret } from "@/lib/security/secret-box";
import { appUrl, PRODUCT_NAME } from "@/lib/site";

import { openJob } from "../../server/job-access";
import { inboxPathOf } from "../../server/request-mail";
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from "../rules";
import { jobLabel } from "./booking-mail";

/**
 * The booked time as iCalendar: one event per booking with an agreed slot (its UID from the
 * booking's id, its SEQUENCE the booking's, cancelled once cancelled), as a file for the driver
 * and the shop, and as an owner's private feed of all their services' bookings, found by a token
 * only its owner knows (kept hashed to find it, sealed to show the address again).
 */

const DAY_MS = 86_400_000;

type EventRow = {
  id: string;
  status: string;
  start: Date | null;
  minutes: number | null;
  sequence: number;
  updatedAt: Date;
  request: { id: string; job: string; description: string };
  service: { name: string; address: string };
};

const eventSelect = {
  id: true,
  status: true,
  start: true,
  minutes: true,
  sequence: true,
  updatedAt: true,
  request: { select: { id: true, job: true, description: true } },
  service: { select: { name: true, address: true } },
} as const;

function calendarOf(locale: Locale, name: string, rows: EventRow[], link: (row: EventRow) => string): string {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Booking.ics" });
  const calendar = ical({
    name,
    prodId: { company: PRODUCT_NAME.en, product: "bookings", language: locale.toUpperCase() },
  });
  for (const row of rows) {
    if (!row.start || row.minutes === null) continue;
    const url = link(row);
    calendar.createEvent({
      id: `booking-${row.id}@${new URL(appUrl()).host}`,
      sequence: row.sequence,
      stamp: row.updatedAt,
      start: row.start,
      end: new Date(row.start.getTime() + row.minutes * 60_000),
      summary: t("summary", {
        job: jobLabel(locale, row.request.job, row.request.description),
        station: row.service.name,
      }),
      location: row.service.address,
      description: t("description", { link: url }),
      url,
      status: row.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** GET /api/requests/{id}/booking.ics: the agreed slot, for the driver and the chosen shop's owner; else 404. */
export async function bookingIcs(viewer: Viewer | null, requestId: string, locale: Locale): Promise<string> {
  const { request, part } = await openJob(viewer, requestId);
  if (part === "admin") throw new NotFoundError();
  const prisma = await getPrisma();
  const booking = await prisma.quoteBooking.findUnique({ where: { requestId: request.id }, select: eventSelect });
  if (!booking?.start) throw new NotFoundError();
  const link = part === "driver" ? `/requests/${request.id}` : inboxPathOf(request.id);
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Booking.ics" });
  return calendarOf(locale, t("fileName"), [booking], () => localePath(locale, link));
}

// ---- the owner's feed -------------------------------------------------------------------------

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const feedUrl = (token: string) => `${appUrl()}/api/calendar/${token}.ics`;

/** Someone requests can come to: the owner of a station or a master's profile (a service either way). */
export const ownsAService = (viewer: Viewer) => viewer.ownsStations || viewer.hasMechanicProfile;

function requireOwner(viewer: Viewer | null): asserts viewer is Viewer {
  requireAccess(viewer, "signedIn");
  if (!ownsAService(viewer)) throw new AppError(403, "Booking.feedOwnersOnly");
}

/**
 * GET /api/users/calendar-feed: the address of the viewer's feed, or null when none is on. Any
 * signed-in person may read and turn off theirs (someone who no longer owns a service still has
 * the old address to revoke); only an owner makes one.
 */
export async function getCalendarFeed(viewer: Viewer | null): Promise<{ url: string | null }> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  const feed = await prisma.calendarFeed.findUnique({ where: { userId: viewer.id } });
  const token = feed ? openSecret(feed.tokenSealed) : null;
  return { url: token ? feedUrl(token) : null };
}

/** POST /api/users/calendar-feed: a new address; the old one, if any, stops working at once. */
export async function renewCalendarFeed(viewer: Viewer | null): Promise<{ url: string }> {
  requireOwner(viewer);
  const token = randomBytes(32).toString("base64url");
  const data = { tokenHash: hashToken(token), tokenSealed: sealSecret(token), createdAt: new Date() };
  const prisma = await getPrisma();
  await prisma.calendarFeed.upsert({
    where: { userId: viewer.id },
    create: { userId: viewer.id, ...data },
    update: data,
  });
  return { url: feedUrl(token) };
}

/** DELETE /api/users/calendar-feed: no feed any more. */
export async function removeCalendarFeed(viewer: Viewer | null): Promise<{ url: null }> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  await prisma.calendarFeed.deleteMany({ where: { userId: viewer.id } });
  return { url: null };
}

/**
 * GET /api/calendar/{token}.ics: the bookings with an agreed slot of the token owner's services,
 * FEED_DAYS_BACK days back to FEED_DAYS_AHEAD ahead, in the owner's language; 404 for a file name
 * that is no live token (revoked, replaced, or its owner blocked).
 */
export async function calendarFeedIcs(file: string, now = new Date()): Promise<string> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  if (!TOKEN.test(token)) throw new NotFoundError();
  const prisma = await getPrisma();
  const feed = await prisma.calendarFeed.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { userId: true, user: { select: { locale: true, isBlocked: true } } },
  });
  if (!feed || feed.user.isBlocked) throw new NotFoundError();
  const rows = await prisma.quoteBooking.findMany({
    where: {
      service: { ownerId: feed.userId },
      start: {
        gte: new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS),
        lte: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS),
      },
    },
    orderBy: { start: "asc" },
    select: eventSelect,
  });
  const locale = feed.user.locale;
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Booking.ics" });
  return calendarOf(locale, t("feedName", { product: PRODUCT_NAME[locale] }), rows, (row) =>
    localePath(locale, inboxPathOf(row.request.id)),
  );
}
