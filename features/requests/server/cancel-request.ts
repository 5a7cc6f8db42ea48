import "server-only";

import { ownsService } from "@/domain/service/server/ownership";
import { localePath, MAIL_RECIPIENT } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import type { z } from "@/lib/zod";

import type { doneAnswer } from "../answers";
import { cancelBookingWithRequest } from "../booking/server/booking";
import { cancelInput } from "../schema";
import { notifyRequest } from "./request-mail";
import { INVOLVED, lockRequest, type Tx } from "./request-view";

/**
 * A job marked done (and then confirmed or disputed) is past cancelling: the visit happened, and
 * a driver who disagrees disputes the job (job/server), which keeps what happened on record. An
 * admin may still close it.
 */
function refuseOnceDone(request: { jobStatus: string | null }) {
  if (request.jobStatus !== null) throw new AppError(409, "Requests.jobDoneNotCancellable");
}

/**
 * POST /api/requests/{id}/cancel { reason, serviceId? }. The driver cancels their open or
 * accepted request: every service still in it is told. The chosen service's owner (naming it in
 * serviceId) cancels an accepted request: the driver is told. A visit code its confirmed job
 * issued stops working unless already used: the visit is off.
 */
export async function cancelRequest(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<z.infer<typeof doneAnswer>> {
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
      refuseOnceDone(request);
      await closeRequest(tx, request, { closedBy: "driver", closedById: viewer.id, reason, now });
      for (const target of request.targets) {
        const owner = target.service.owner;
        if (owner && isInvolved(target.status))
          await notifyRequest(
            tx,
            owner.id,
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
    if (!target || !ownsService(viewer, target.service)) throw new NotFoundError();
    if (request.status !== "open" && request.status !== "accepted") throw new AppError(409, "Requests.notCancellable");
    if (request.status !== "accepted" || target.status !== "chosen")
      throw new AppError(403, "Requests.onlyChosenCancels");
    refuseOnceDone(request);
    await closeRequest(tx, request, { closedBy: "shop", closedById: viewer.id, reason, now });
    await notifyRequest(
      tx,
      request.driver.id,
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

export const closingInclude = {
  driver: MAIL_RECIPIENT,
  targets: {
    orderBy: { position: "asc" },
    include: { service: { select: { name: true, ownerId: true, owner: MAIL_RECIPIENT } } },
  },
} satisfies Prisma.QuoteRequestInclude;
type ClosingRow = Prisma.QuoteRequestGetPayload<{ include: typeof closingInclude }>;

export const isInvolved = (status: string) => (INVOLVED as readonly string[]).includes(status);

/**
 * Ends a request: cancelled, by whom and why; every service still in it (sent, answered or chosen)
 * is cancelled too; the unused visit code of its confirmed job stops working; an active booking is
 * cancelled with the same reason (late when its agreed slot starts within two hours).
 */
export async function closeRequest(
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
  // The booked time of an accepted request goes with it.
  await cancelBookingWithRequest(tx, request.id, close);
}
