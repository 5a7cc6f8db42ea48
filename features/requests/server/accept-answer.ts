import "server-only";

import { localePath, MAIL_RECIPIENT } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { AppError, BadRequestError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import type { z } from "@/lib/zod";

import type { doneAnswer } from "../answers";
import { acceptInput } from "../schema";
import { inboxPathOf, notifyRequest } from "./request-mail";
import { ANSWERABLE_WHERE, isOpen, lockRequest } from "./request-view";

/**
 * POST /api/requests/{id}/accept { answerId }: the driver chooses an answer (not a decline) of
 * their open request. Its service is chosen, every other one still in play passed over and told
 * so politely; the chosen shop gets the driver's name and e-mail. Acceptance alone verifies no
 * review: the visit code bound to the driver comes with the job confirmed (features/requests/job).
 */
export async function acceptAnswer(
  viewer: Viewer | null,
  requestId: string,
  body: unknown,
): Promise<z.infer<typeof doneAnswer>> {
  requireAccess(viewer, "signedIn");
  const { answerId } = parseOrThrow(acceptInput, body);
  if (!isUuid(requestId)) throw new NotFoundError();
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await lockRequest(tx, requestId);
    const request = await tx.quoteRequest.findUnique({
      where: { id: requestId },
      include: {
        driver: MAIL_RECIPIENT,
        targets: { include: { service: { select: { name: true, owner: MAIL_RECIPIENT } } } },
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
    const values = { job: request.job, description: request.description };
    for (const target of request.targets) {
      const owner = target.service.owner;
      if (target.serviceId === answer.serviceId) {
        await tx.quoteTarget.update({ where: { id: target.id }, data: { status: "chosen" } });
        if (owner)
          await notifyRequest(
            tx,
            owner.id,
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
            localePath(owner.locale, inboxPathOf(request.id)),
          );
      } else if (target.status === "sent" || target.status === "answered") {
        await tx.quoteTarget.update({ where: { id: target.id }, data: { status: "passed" } });
        if (owner)
          await notifyRequest(tx, owner.id, "passed", owner.email, owner.locale, {
            ...values,
            name: owner.name,
            station: target.service.name,
          });
      }
    }
  });
  return { ok: true };
}
