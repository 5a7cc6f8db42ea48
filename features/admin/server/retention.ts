import "server-only";

import { TOKEN_TTL_MS } from "@/features/accounts/server/email-tokens";
import { SESSION_IDLE_MS } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";

const DAY_MS = 24 * 60 * 60_000;

/** What is kept how long (docs/operations.md's retention table says the same). */
export const RETENTION_MS = {
  /** Sign-ups never confirmed, with their links. */
  unconfirmedUsers: TOKEN_TTL_MS.confirm_email,
  /** Uploaded images that no service, no profile and no request for a price shows. */
  orphanImages: DAY_MS,
  /** Reverse-geocoding answers. */
  geocodeCache: 30 * DAY_MS,
  /** Bodies of sent mails (they may hold links): the row stays, its text goes. */
  sentMailBodies: 7 * DAY_MS,
  /** Ids of PayPal events already handled; PayPal stops redelivering after 3 days. */
  paypalEvents: 30 * DAY_MS,
  /**
   * monobank invoice states already applied: a month covers monobank's redeliveries; an older
   * notification sent again finds its payment settled and changes nothing anyway.
   */
  monoEvents: 30 * DAY_MS,
  /** Owners' daily counters (the marks that keep repeats out go after their day). */
  serviceStats: 400 * DAY_MS,
  /** The security log (lib/security/security-log.ts): long enough to look back on an incident. */
  securityEvents: 180 * DAY_MS,
  /**
   * The phone a driver gave with a request for a price, after the request ended (cancelled,
   * expired or accepted: when it was closed, else accepted, else when its time was up): the
   * request stays, the phone goes.
   */
  endedRequestPhones: 30 * DAY_MS,
  /** Telegram and push deliveries once settled (sent, failed or dropped): they hold the message's text. */
  settledDeliveries: 30 * DAY_MS,
} as const;

/**
 * Deletes what has expired: sessions past their absolute or idle lifetime, used or expired mailed
 * links, throttle counters whose window ended, and what RETENTION_MS lists. Idempotent, so any
 * number of instances may run it at once.
 *
 * Drivers' requests for a price (with their answers and photos) are not purged (only the phone
 * given with one goes, RETENTION_MS.endedRequestPhones after it ended): they are the
 * driver's record of what they were offered and chose, listed on their requests page, and go with
 * their account (the photos then become orphans and go a day later). Response figures read only
 * the last 30 days of them, through an index on their time, so old ones cost nothing but space.
 */
export async function purgeExpired(now = new Date()) {
  const prisma = await getPrisma();
  const sessions = await prisma.session.deleteMany({
    where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lt: new Date(now.getTime() - SESSION_IDLE_MS) } }] },
  });
  const tokens = await prisma.emailToken.deleteMany({
    where: { OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }] },
  });
  const throttles = await prisma.throttle.deleteMany({ where: { expire: { lte: now } } });
  const before = (ms: number) => new Date(now.getTime() - ms);
  // Nothing else can hang off an unconfirmed account: it has never been able to sign in.
  const unconfirmed = await prisma.user.deleteMany({
    where: { emailVerifiedAt: null, createdAt: { lt: before(RETENTION_MS.unconfirmedUsers) } },
  });
  const images = await prisma.image.deleteMany({
    where: {
      createdAt: { lt: before(RETENTION_MS.orphanImages) },
      services: { none: {} },
      serviceImages: { none: {} },
      users: { none: {} },
      quoteImages: { none: {} },
      messageImages: { none: {} },
    },
  });
  const geocode = await prisma.geocodeCache.deleteMany({
    where: { createdAt: { lt: before(RETENTION_MS.geocodeCache) } },
  });
  const mailBodies = await prisma.mailOutbox.updateMany({
    where: { status: "sent", sentAt: { lt: before(RETENTION_MS.sentMailBodies) }, NOT: { text: "" } },
    data: { text: "", html: "" },
  });
  const paypalEvents = await prisma.paypalEvent.deleteMany({
    where: { receivedAt: { lt: before(RETENTION_MS.paypalEvents) } },
  });
  const monoEvents = await prisma.monoEvent.deleteMany({
    where: { receivedAt: { lt: before(RETENTION_MS.monoEvents) } },
  });
  const statMarks = await prisma.statMark.deleteMany({ where: { expiresAt: { lte: now } } });
  const serviceStats = await prisma.serviceStat.deleteMany({
    where: { day: { lt: before(RETENTION_MS.serviceStats) } },
  });
  const securityEvents = await prisma.securityEvent.deleteMany({
    where: { at: { lt: before(RETENTION_MS.securityEvents) } },
  });
  // Ended as response-figures-store.ts dates it: closed, else accepted, else its time up.
  const phoneCutoff = before(RETENTION_MS.endedRequestPhones);
  const requestPhones = await prisma.quoteRequest.updateMany({
    where: {
      status: { not: "open" },
      NOT: { driverPhone: "" },
      OR: [
        { closedAt: { lt: phoneCutoff } },
        { closedAt: null, acceptedAt: { lt: phoneCutoff } },
        { closedAt: null, acceptedAt: null, expiresAt: { lt: phoneCutoff } },
      ],
    },
    data: { driverPhone: "" },
  });
  const mfaChallenges = await prisma.mfaChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
  const deliveries = await prisma.notificationDelivery.deleteMany({
    where: { status: { not: "pending" }, createdAt: { lt: before(RETENTION_MS.settledDeliveries) } },
  });
  const telegramCodes = await prisma.telegramLinkCode.deleteMany({
    where: { OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }] },
  });
  return {
    sessions: sessions.count,
    tokens: tokens.count,
    throttles: throttles.count,
    unconfirmed: unconfirmed.count,
    images: images.count,
    geocode: geocode.count,
    mailBodies: mailBodies.count,
    paypalEvents: paypalEvents.count,
    monoEvents: monoEvents.count,
    statMarks: statMarks.count,
    serviceStats: serviceStats.count,
    securityEvents: securityEvents.count,
    mfaChallenges: mfaChallenges.count,
    requestPhones: requestPhones.count,
    deliveries: deliveries.count,
    telegramCodes: telegramCodes.count,
  };
}
