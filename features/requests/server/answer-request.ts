import "server-only";

import { ownsService } from "@/domain/service/server/ownership";
import { localePath, MAIL_RECIPIENT } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma, type PrismaClient } from "@/lib/db/server";
import { AppError, isUniqueViolation, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import type { z } from "@/lib/zod";

import type { createdAnswer } from "../answers";
import { answerInput } from "../schema";
import { notifyRequest } from "./request-mail";
import { ANSWERABLE_WHERE, isOpen, lockRequest, storedDay, takeAll, type Tx } from "./request-view";
import { refreshResponseFigures } from "./response-figures";

// ---- the shops ---------------------------------------------------------------------------------

/**
 * POST /api/requests/{id}/answers: the owner of `serviceId` answers (or declines) once, while the
 * request is open. A service the request did not go to finds nothing; a blocked or unpublished one
 * cannot answer. The driver is mailed; the service's response figures are worked out again.
 */
export async function answerRequest(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<z.infer<typeof createdAnswer>> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(answerInput(new Date()), body);
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const service = await prisma.service.findUnique({
    where: { id: input.serviceId },
    select: { id: true, name: true, ownerId: true },
  });
  if (!service || !ownsService(viewer, service)) throw new AppError(403, "Requests.notYourService");
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
      await notifyRequest(
        tx,
        request.driver.id,
        "answered",
        request.driver.email,
        request.locale,
        {
          name: request.driver.name,
          station: service.name,
          job: request.job,
          description: request.description,
          declined: input.decline,
          // The price and time, so that the Telegram message or push says what was offered.
          offer: input.decline
            ? undefined
            : {
                price: input.price,
                priceFrom: input.priceFrom,
                priceTo: input.priceTo,
                slot: input.slot,
                earliest: input.earliest,
              },
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
    include: { driver: MAIL_RECIPIENT, targets: { where: { id: targetId }, select: { status: true } } },
  });
  if (!request) throw new NotFoundError();
  if (request.driverId === viewerId) throw new AppError(403, "Requests.ownService");
  if (!isOpen(request)) throw new AppError(409, "Requests.notOpen");
  if (request.targets[0]?.status !== "sent") throw new AppError(409, "Requests.alreadyAnswered");
  return request;
}
