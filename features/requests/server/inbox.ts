import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { BadRequestError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import type { z } from "@/lib/zod";

import type { inboxCountAnswer, InboxItem, InboxPage } from "../answers";
import { INBOX_PAGE_SIZE } from "../rules";
import { inboxQuery } from "../schema";
import { answerView, askedIn, kmOf } from "./request-view";
import { unreadCounts } from "./threads";

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

/**
 * The targets of the viewer's services: all of them, or the new ones (not answered, request open);
 * or, with `requestId`, that request's only (whatever their state).
 */
function inboxWhere(
  viewerId: string,
  status: "new" | "all",
  now: Date,
  requestId?: string,
): Prisma.QuoteTargetWhereInput {
  const mine = { service: { ownerId: viewerId } };
  if (requestId) return { ...mine, requestId };
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
  const { status: asked, page, request: requestId } = parseOrThrow(inboxQuery, query);
  // One request is shown whatever its state, as the All tab would.
  const status = requestId ? "all" : asked;
  const prisma = await getPrisma();
  const now = new Date();
  const where = inboxWhere(viewer.id, status, now, requestId);
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
      ${requestId ? Prisma.sql`AND t."requestId" = ${requestId}::uuid` : Prisma.empty}
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

/**
 * GET /api/requests/inbox/count: new requests to the viewer's services (0 for someone without
 * any), and the messages they have not read, as a driver and as a service (the header's badges).
 */
export async function inboxCount(viewer: Viewer | null): Promise<z.infer<typeof inboxCountAnswer>> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  return {
    new: await prisma.quoteTarget.count({ where: inboxWhere(viewer.id, "new", new Date()) }),
    unread: await unreadCounts(viewer.id),
  };
}
