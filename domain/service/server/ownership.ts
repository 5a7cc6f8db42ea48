import "server-only";

import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";

/** Who is asking, as much as ownership needs (a signed-in viewer fits). */
export type Actor = { id: string; isAdmin: boolean };

export type ServiceSummary = {
  id: string;
  ownerId: string | null;
  role: "sto" | "mechanic";
  isPaid: boolean;
  name: string;
};

// The two ownership rules, named once. What a refusal says (404 where a stranger should not learn
// that a thing exists, 403 otherwise) stays each server function's own decision.

/** The actor owns the service: only its owner answers requests, cancels for the shop, issues visit codes. */
export const ownsService = (actor: Actor, service: { ownerId: string | null }): boolean =>
  service.ownerId !== null && service.ownerId === actor.id;

/** The actor may act for the service: its owner, or an admin (edits, replies, pays for it). */
export const managesService = (actor: Actor, service: { ownerId: string | null }): boolean =>
  ownsService(actor, service) || actor.isAdmin;

/** The service when the actor owns it (or is an admin); 404 for unknown ids, 403 for others'. */
export async function ownService(actor: Actor, id: unknown): Promise<ServiceSummary> {
  if (typeof id !== "string" || !isUuid(id)) throw new NotFoundError();
  const prisma = await getPrisma();
  const row = await prisma.service.findUnique({
    where: { id },
    select: { id: true, ownerId: true, role: true, isPaid: true, name: true },
  });
  if (!row) throw new NotFoundError();
  if (!managesService(actor, row)) throw new AppError(403, "Auth.forbidden");
  return row;
}

/**
 * Row locks on services, inside the caller's transaction, in id order (so two writers never wait
 * on each other crosswise). FOR UPDATE, the default, for writes that decide who a listing belongs
 * to or whether it is listed (claims, payments): each waits for the other and sees its work. FOR NO
 * KEY UPDATE for writes that only change a service's figures (reviews, response figures): it does
 * not wait on the KEY SHARE a foreign-key check holds, so inserting a row that points at the service
 * does not deadlock against it.
 */
export async function lockServices(
  tx: Prisma.TransactionClient,
  serviceIds: Iterable<string>,
  mode: "update" | "no key update" = "update",
): Promise<void> {
  const ids = [...new Set(serviceIds)].sort();
  if (!ids.length) return;
  const lock = mode === "update" ? Prisma.sql`FOR UPDATE` : Prisma.sql`FOR NO KEY UPDATE`;
  await tx.$queryRaw`SELECT 1 FROM services WHERE id = ANY(${ids}::uuid[]) ORDER BY id ${lock}`;
}
