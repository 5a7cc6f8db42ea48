import "server-only";

import { ownsService } from "@/domain/service/server/ownership";
import { MAIL_RECIPIENT } from "@/features/accounts/server/account-mail";
import { actsAsAdmin, requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";

import { ANSWERABLE_WHERE, lockRequest, type Tx } from "./request-view";

/**
 * The job of an accepted request: the driver and the chosen service's owner carry it from the
 * accepted answer to a job done (a booked time, extra work, the final price, the driver's word),
 * an admin reads it; anyone else, including a service passed over, finds nothing (404), as with
 * the request itself. The booking (features/requests/booking/) and the job's price and end
 * (features/requests/job/) open it here, so the rule of who is who lives in one place.
 */

/** The viewer's part in a job. */
export type JobPart = "driver" | "service" | "admin";

export const jobInclude = {
  driver: MAIL_RECIPIENT,
  acceptedAnswer: {
    select: {
      id: true,
      serviceId: true,
      price: true,
      priceFrom: true,
      priceTo: true,
      service: {
        select: {
          id: true,
          name: true,
          ownerId: true,
          address: true,
          owner: { select: { ...MAIL_RECIPIENT.select, isBlocked: true } },
        },
      },
    },
  },
  targets: { select: { id: true, serviceId: true, status: true } },
} satisfies Prisma.QuoteRequestInclude;
export type JobRow = Prisma.QuoteRequestGetPayload<{ include: typeof jobInclude }>;
export type AcceptedJobRow = JobRow & { acceptedAnswer: NonNullable<JobRow["acceptedAnswer"]> };

/** The agreed price of a job: the accepted answer's exact price, or the top of its range. */
export function agreedCeiling(answer: { price: number | null; priceTo: number | null }): number {
  return answer.price ?? answer.priceTo ?? 0;
}

function partOf(viewer: Viewer, request: AcceptedJobRow): JobPart | null {
  if (request.driverId === viewer.id) return "driver";
  if (ownsService(viewer, request.acceptedAnswer.service)) return "service";
  if (actsAsAdmin(viewer)) return "admin";
  return null;
}

/**
 * The accepted request `requestId` and the viewer's part in its job, or a 404 for one that is not
 * an accepted request, or in which the viewer has no part. Pass `tx` inside a transaction (after
 * `lock: true` the request's row is held, as answers and acceptances hold it).
 */
export async function openJob(
  viewer: Viewer | null,
  requestId: string,
  options: { tx?: Tx; lock?: boolean } = {},
): Promise<{ request: AcceptedJobRow; part: JobPart }> {
  requireAccess(viewer, "signedIn");
  if (!isUuid(requestId)) throw new NotFoundError();
  const id = requestId.toLowerCase();
  const db = options.tx ?? (await getPrisma());
  if (options.lock && options.tx) await lockRequest(options.tx, id);
  const request = await db.quoteRequest.findUnique({ where: { id }, include: jobInclude });
  if (!request?.acceptedAnswer) throw new NotFoundError();
  const accepted = request as AcceptedJobRow;
  const part = partOf(viewer, accepted);
  if (!part) throw new NotFoundError();
  return { request: accepted, part };
}

/**
 * For a write: the job is still on (the request accepted, not cancelled since, the chosen service
 * still chosen), else a translated 409; the service side writes only while it is listed with an
 * owner who can sign in (as in the thread), else a 403; an admin reads only (403).
 */
export async function requireJobWritable(db: Tx, request: AcceptedJobRow, part: JobPart): Promise<void> {
  if (part === "admin") throw new AppError(403, "Requests.jobReadOnly");
  const chosen = request.targets.find((target) => target.serviceId === request.acceptedAnswer.serviceId);
  if (request.status !== "accepted" || chosen?.status !== "chosen") throw new AppError(409, "Requests.jobOver");
  if (part === "service") {
    const listed = await db.service.count({ where: { id: request.acceptedAnswer.serviceId, ...ANSWERABLE_WHERE } });
    if (!listed) throw new AppError(403, "Requests.serviceUnavailable");
  }
}
