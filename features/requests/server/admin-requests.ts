import "server-only";

import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/page-of";
import { ADMIN_PAGE_SIZE } from "@/lib/http/pagination";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import type { z } from "@/lib/zod";

import type { AdminRequestPage, doneAnswer } from "../answers";
import type { RequestJob } from "../rules";
import { adminCloseInput, adminRequestsQuery } from "../schema";
import { closeRequest, closingInclude, isInvolved } from "./cancel-request";
import { notifyRequest } from "./request-mail";
import { lockRequest, type Person } from "./request-view";

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
): Promise<z.infer<typeof doneAnswer>> {
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
    await notifyRequest(
      tx,
      request.driver.id,
      "closedByAdmin",
      request.driver.email,
      request.locale,
      { ...values, name: request.driver.name },
      localePath(request.locale, `/requests/${request.id}`),
    );
    for (const target of request.targets) {
      const owner: Person | null = target.service.owner;
      if (owner && isInvolved(target.status))
        await notifyRequest(
          tx,
          owner.id,
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
