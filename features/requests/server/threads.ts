import "server-only";

import type { Locale } from "next-intl";

import { imageIdOf, imageUrl } from "@/domain/service/images";
import { ownsService } from "@/domain/service/server/ownership";
import { localePath, MAIL_RECIPIENT } from "@/features/accounts/server/account-mail";
import { actsAsAdmin, requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { translate } from "@/lib/http/answers";
import { AppError, BadRequestError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";

import type { InboxCount, PostedMessage, ThreadMessageView, ThreadView } from "../answers";
import { maskContacts } from "../contact-mask";
import { threadClosesAt, threadMailCutoff } from "../rules";
import { messageInput, threadQuery } from "../schema";
import { inboxPathOf, notifyRequest } from "./request-mail";
import { ANSWERABLE_WHERE, takeAll, type Tx } from "./request-view";

/**
 * The thread of a request with each service it went to: the driver and that service's owner write
 * to each other from the moment the service is asked until THREAD_DAYS_AFTER_END days after the
 * request ended (rules.ts requestEndedAt); an admin reads, never writes; anyone else finds nothing
 * (404), as with the request itself. A service passed over or that declined keeps its thread: the
 * driver may still want a word, and it never gets the driver's contacts through it.
 *
 * Messages are stored as typed. Until this service is chosen (its target "chosen": accepted, and
 * not called off since), the contacts in a message (contact-mask.ts) read as ••• to the other side;
 * the sender reads their own text and a notice. Each new message is mailed to the other side in
 * their language, at most once per THREAD_MAIL_EVERY_MINUTES per thread and recipient: the last
 * mail's time is on the target, and the mail is written only when one UPDATE with that condition
 * changed the row, so two instances (or two messages at once) never both mail.
 */

type Side = "driver" | "service";
type Part = Side | "admin";

const threadInclude = {
  request: {
    select: {
      id: true,
      driverId: true,
      status: true,
      closedAt: true,
      acceptedAt: true,
      expiresAt: true,
      job: true,
      description: true,
      locale: true,
      driver: MAIL_RECIPIENT,
    },
  },
  service: {
    select: { id: true, name: true, ownerId: true, owner: { select: { ...MAIL_RECIPIENT.select, isBlocked: true } } },
  },
} satisfies Prisma.QuoteTargetInclude;
type ThreadRow = Prisma.QuoteTargetGetPayload<{ include: typeof threadInclude }>;

const messageInclude = {
  images: { orderBy: { position: "asc" }, select: { imageId: true } },
} satisfies Prisma.QuoteMessageInclude;
type MessageRow = Prisma.QuoteMessageGetPayload<{ include: typeof messageInclude }>;

/** The viewer's part in the thread, or a 404 for someone who has none (nor learns that it exists). */
async function openThread(viewer: Viewer, requestId: string, serviceId: string) {
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const target = await prisma.quoteTarget.findUnique({
    where: { requestId_serviceId: { requestId: requestId.toLowerCase(), serviceId } },
    include: threadInclude,
  });
  if (!target) throw new NotFoundError();
  const part: Part | null =
    target.request.driverId === viewer.id
      ? "driver"
      : ownsService(viewer, target.service)
        ? "service"
        : actsAsAdmin(viewer)
          ? "admin"
          : null;
  if (!part) throw new NotFoundError();
  // Someone answers on the service's side: it is listed (not blocked or hidden) and has an owner
  // who can sign in. Otherwise the driver's message would be read by nobody, and the owner of a
  // service taken off the directory no longer speaks for it (as with answering, answer-request.ts).
  const answerable = (await prisma.service.count({ where: { id: serviceId, ...ANSWERABLE_WHERE } })) > 0;
  return { prisma, target, part, answerable };
}

/** Contacts are hidden between the sides while this service is not chosen. */
const hidingContacts = (target: ThreadRow) => target.status !== "chosen";

function messageView(row: MessageRow, part: Part, hiding: boolean): ThreadMessageView {
  const mine = row.side === part;
  const masked = maskContacts(row.text);
  const contactsHidden = hiding && masked.hidden;
  return {
    _id: row.id,
    side: row.side,
    mine,
    // The other side reads it masked; its sender and an admin as typed.
    text: contactsHidden && part !== "admin" && !mine ? masked.text : row.text,
    contactsHidden,
    images: row.images.map((image) => imageUrl(image.imageId)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether the viewer may write now, and when writing ends. */
function writing(target: ThreadRow, part: Part, answerable: boolean, now: Date) {
  const closesAt = threadClosesAt(target.request, now);
  const open = closesAt === null || now < closesAt;
  return { closesAt, open, canWrite: part !== "admin" && open && answerable };
}

/**
 * GET /api/requests/{id}/messages?serviceId=: the thread, oldest first. Reading it marks the
 * other side's messages read for the viewer (not for an admin).
 */
export async function getThread(viewer: Viewer | null, requestId: string, query: unknown): Promise<ThreadView> {
  requireAccess(viewer, "signedIn");
  const { serviceId } = parseOrThrow(threadQuery, query);
  const { prisma, target, part, answerable } = await openThread(viewer, requestId, serviceId);
  const now = new Date();
  const rows = await prisma.quoteMessage.findMany({
    where: { targetId: target.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: messageInclude,
  });
  if (part !== "admin") await markRead(prisma, target, part, rows);
  const hiding = hidingContacts(target);
  const { closesAt, canWrite, open } = writing(target, part, answerable, now);
  return {
    requestId: target.requestId,
    serviceId: target.serviceId,
    serviceName: target.service.name,
    viewer: part,
    canWrite,
    closed: !open,
    closesAt: closesAt?.toISOString() ?? null,
    contactsHidden: hiding,
    messages: rows.map((row) => messageView(row, part, hiding)),
  };
}

/**
 * The viewer has read the other side's messages they were just given: up to the newest of them,
 * not up to "now" (a message written while this was read, with an earlier time, stays unread),
 * and only when that moves the mark forward, so a page polling the thread writes nothing new.
 */
async function markRead(prisma: Tx, target: ThreadRow, side: Side, rows: MessageRow[]) {
  const newest = rows.findLast((row) => row.side !== side)?.createdAt;
  if (!newest) return;
  const field = side === "driver" ? "driverReadAt" : "serviceReadAt";
  await prisma.quoteTarget.updateMany({
    where: { id: target.id, OR: [{ [field]: null }, { [field]: { lt: newest } }] },
    data: { [field]: newest },
  });
}

/**
 * POST /api/requests/{id}/messages { serviceId, text, images }: a message from the driver or the
 * service's owner to the other. 403 for an admin (they read only), 409 once the thread has closed;
 * images must be the sender's own uploads. The answer carries the message as the sender reads it,
 * and a notice when the other side reads it with contacts hidden.
 */
export async function postMessage(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
  locale: Locale,
): Promise<PostedMessage> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(messageInput, body);
  const { prisma, target, part, answerable } = await openThread(viewer, requestId, input.serviceId);
  if (part === "admin") throw new AppError(403, "Requests.threadReadOnly");
  const now = new Date();
  const state = writing(target, part, answerable, now);
  if (!state.open) throw new AppError(409, "Requests.threadClosed");
  if (!answerable)
    throw part === "service"
      ? new AppError(403, "Requests.serviceUnavailable")
      : new AppError(409, "Requests.threadNobody");
  const imageIds = input.images.map(imageIdOf);
  // Counted before the database is written (a second connection would wait for it on PGlite).
  const giveBack = await takeAll([{ name: "quoteMessage", key: viewer.id, messageKey: "Requests.tooManyMessages" }]);

  const hiding = hidingContacts(target);
  const side: Side = part;
  const created = await prisma
    .$transaction(async (tx) => {
      // Checked with the write and held (FOR SHARE) until it commits: an upload deleted meanwhile
      // is refused with the field's error, not a foreign-key failure.
      if (imageIds.length) {
        const own = await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM images WHERE id = ANY(${imageIds}::uuid[]) AND "ownerId" = ${viewer.id}::uuid FOR SHARE`;
        if (own.length !== imageIds.length) throw new BadRequestError({ images: "Validation.imageForeign" });
      }
      const message = await tx.quoteMessage.create({
        data: {
          targetId: target.id,
          side,
          authorId: viewer.id,
          text: input.text,
          createdAt: now,
          images: { create: imageIds.map((imageId, position) => ({ imageId, position })) },
        },
        include: messageInclude,
      });
      await mailOtherSide(tx, target, side, hiding ? maskContacts(input.text).text : input.text, now);
      return message;
    })
    .catch(async (error: unknown) => {
      await giveBack().catch(() => undefined);
      throw error;
    });
  const message = messageView(created, part, hiding);
  const noticeKey = message.contactsHidden
    ? side === "driver"
      ? "Requests.threadContactsHiddenDriver"
      : "Requests.threadContactsHiddenService"
    : null;
  return { message, notice: noticeKey ? { key: noticeKey, message: translate(locale, noticeKey) } : null };
}

/**
 * The mail to the other side about a new message, unless that side was mailed about this thread
 * within THREAD_MAIL_EVERY_MINUTES: the condition and the new time are one UPDATE, which either
 * changes the row (then the mail is written in the same transaction) or does not.
 */
async function mailOtherSide(tx: Tx, target: ThreadRow, from: Side, text: string, now: Date) {
  const { request, service } = target;
  const owner = service.owner;
  // A blocked owner cannot sign in to read it; an account gone has no address.
  if (from === "driver" && (!owner || owner.isBlocked)) return;
  const mailedAt = from === "driver" ? "serviceMailedAt" : "driverMailedAt";
  const due = await tx.quoteTarget.updateMany({
    where: { id: target.id, OR: [{ [mailedAt]: null }, { [mailedAt]: { lte: threadMailCutoff(now) } }] },
    data: { [mailedAt]: now },
  });
  if (!due.count) return;
  const values = { job: request.job, description: request.description, station: service.name, message: text };
  if (from === "driver")
    await notifyRequest(
      tx,
      owner!.id,
      "messageToService",
      owner!.email,
      owner!.locale,
      { ...values, name: owner!.name },
      localePath(owner!.locale, inboxPathOf(request.id)),
    );
  else
    await notifyRequest(
      tx,
      request.driver.id,
      "messageToDriver",
      request.driver.email,
      request.locale,
      { ...values, name: request.driver.name },
      localePath(request.locale, `/requests/${request.id}`),
    );
}

/**
 * Messages the viewer has not read: from services in the threads of their own requests, and from
 * drivers in the threads of their services (written after they last opened that thread).
 */
export async function unreadCounts(viewerId: string): Promise<InboxCount["unread"]> {
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<{ driver: number; service: number }[]>`
    SELECT
      (SELECT count(*) FROM quote_messages m
         JOIN quote_targets t ON t.id = m."targetId"
         JOIN quote_requests r ON r.id = t."requestId"
       WHERE r."driverId" = ${viewerId}::uuid AND m.side = 'service'
         AND (t."driverReadAt" IS NULL OR m."createdAt" > t."driverReadAt"))::int AS driver,
      (SELECT count(*) FROM quote_messages m
         JOIN quote_targets t ON t.id = m."targetId"
         JOIN services s ON s.id = t."serviceId"
       WHERE s."ownerId" = ${viewerId}::uuid AND m.side = 'driver'
         AND (t."serviceReadAt" IS NULL OR m."createdAt" > t."serviceReadAt"))::int AS service`;
  return { driver: row?.driver ?? 0, service: row?.service ?? 0 };
}
