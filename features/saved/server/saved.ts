import "server-only";

import { PUBLISHED } from "@/domain/service/server/published";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { toCard, type CardRow } from "@/features/catalog/server/service-dto";
import { CARD_COLUMNS } from "@/features/catalog/server/sql-fragments";
import { hoursColumns } from "@/features/hours/server/open-now";
import { minuteOf, rememberRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";

import type { SavedCardView, SavedList, SavedMerge } from "../answers";
import { mergeSavedIds, SAVED_MAX } from "../rules";
import { parseCardIds, savedAddInput, savedId, savedMergeInput } from "../schema";

/**
 * The Saved list on the account: only the signed-in person's own rows, read and written here.
 * A service blocked or hidden later keeps its row but is left out of what is shown (and of the
 * cap's count): the person did not choose to drop it, and it comes back if the service does; a
 * service deleted leaves every list (the foreign key cascades). Blocked users have no session
 * (resolveSession), so every route refuses them with the visitors' 401.
 */

type Tx = Prisma.TransactionClient;

/** A saved service as the list shows it, at the instant. */
function savedCardOf(row: CardRow, instant: Date): SavedCardView {
  const card = toCard(row, instant);
  return {
    _id: card._id,
    name: card.name,
    role: card.role,
    image: card.image,
    address: card.address,
    coordinates: card.coordinates,
    openNow: card.openNow,
    nextChange: card.nextChange,
    liveStatus: card.liveStatus,
    timeZone: card.timeZone,
    hoursKnown: card.hoursKnown,
    claimed: card.claimed,
    contactPhone1: card.contactPhone1,
    contactPhone2: card.contactPhone2,
    contactMail: card.contactMail,
  };
}

/** The person's published saved services, oldest saved first. */
async function accountList(db: Pick<Tx, "$queryRaw">, userId: string, instant: Date): Promise<SavedList> {
  const rows = await db.$queryRaw<CardRow[]>`SELECT ${CARD_COLUMNS}, ${hoursColumns(instant)}
    FROM saved_services v JOIN services s ON s.id = v."serviceId"
    WHERE v."userId" = ${userId}::uuid AND ${PUBLISHED}
    ORDER BY v."createdAt", s.id`;
  return { items: rows.map((row) => savedCardOf(row, instant)), at: instant.toISOString() };
}

/**
 * Writes to one person's list wait for each other on their user row, so two devices merging at
 * once cannot together pass the cap.
 */
async function lockList(tx: Tx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
}

/** The ids on the list that count: those of published services, in the list's order. */
async function shownIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT s.id::text AS id
    FROM saved_services v JOIN services s ON s.id = v."serviceId"
    WHERE v."userId" = ${userId}::uuid AND ${PUBLISHED}
    ORDER BY v."createdAt", s.id`;
  return rows.map((row) => row.id);
}

/** Of `ids`, those of published services, in the order given. */
async function publishedOf(tx: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT s.id::text AS id FROM services s
    WHERE s.id = ANY(${ids}::uuid[]) AND ${PUBLISHED}`;
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

/**
 * New rows after the list's last, a millisecond apart, so the list keeps the order they were
 * given in (the device's order on a merge). An id already there is left as it was.
 */
async function append(tx: Tx, userId: string, serviceIds: string[]): Promise<void> {
  if (!serviceIds.length) return;
  const last = await tx.savedService.findFirst({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  const start = Math.max(Date.now(), (last?.createdAt.getTime() ?? 0) + 1);
  await tx.savedService.createMany({
    data: serviceIds.map((serviceId, i) => ({ userId, serviceId, createdAt: new Date(start + i) })),
    skipDuplicates: true,
  });
}

/** GET /api/users/saved: the signed-in person's list, with each service's status now. */
export async function listSaved(viewer: Viewer | null, now: Date = new Date()): Promise<SavedList> {
  requireAccess(viewer, "signedIn");
  return accountList(await getPrisma(), viewer.id, now);
}

/**
 * POST /api/users/saved { id }: one service saved. Saving one already saved changes nothing; one
 * not published (or unknown) is a 404; one more than SAVED_MAX a 409 Cart.full.
 */
export async function addSaved(viewer: Viewer | null, body: unknown): Promise<{ saved: true }> {
  requireAccess(viewer, "signedIn");
  const { id } = parseOrThrow(savedAddInput, body);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await lockList(tx, viewer.id);
    const shown = await shownIds(tx, viewer.id);
    if (shown.includes(id)) return;
    if (!(await publishedOf(tx, [id])).length) throw new NotFoundError();
    if (shown.length >= SAVED_MAX) throw new AppError(409, "Cart.full");
    await append(tx, viewer.id, [id]);
  });
  return { saved: true };
}

/**
 * PUT /api/users/saved { ids }: the device's list merged into the account's (rules.ts,
 * mergeSavedIds), answered with the list after it. Ids of services unknown or not published are
 * skipped, not refused: a device's list may be old. What would pass the cap is not added and is
 * named in `notAdded`; sending the same list again changes nothing.
 */
export async function mergeSaved(viewer: Viewer | null, body: unknown, now: Date = new Date()): Promise<SavedMerge> {
  requireAccess(viewer, "signedIn");
  const { ids } = parseOrThrow(savedMergeInput, body);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await lockList(tx, viewer.id);
    const shown = await shownIds(tx, viewer.id);
    const { added, notAdded } = mergeSavedIds(shown, await publishedOf(tx, ids));
    await append(tx, viewer.id, added);
    return { ...(await accountList(tx, viewer.id, now)), notAdded };
  });
}

/** DELETE /api/users/saved/{id}: one service off the list; one not on it is no error. */
export async function removeSaved(viewer: Viewer | null, rawId: string): Promise<{ saved: false }> {
  requireAccess(viewer, "signedIn");
  const id = parseOrThrow(savedId, rawId);
  const prisma = await getPrisma();
  await prisma.savedService.deleteMany({ where: { userId: viewer.id, serviceId: id } });
  return { saved: false };
}

/**
 * GET /api/items/cards?ids=a,b: the published services of the ids, in the order asked, with their
 * status and contacts now, for anyone's Saved list (signed out too). Public data only, kept by the
 * read cache per minute like the list's reads.
 */
export function savedCards(raw: string | null, now: Date = new Date()): Promise<SavedList> {
  const ids = parseCardIds(raw);
  if (!ids) throw new AppError(400, "Cart.ids");
  return rememberRead(`saved-cards:${ids.join(",")}:${minuteOf(now)}`, async () => {
    const prisma = await getPrisma();
    const rows = await prisma.$queryRaw<CardRow[]>`SELECT ${CARD_COLUMNS}, ${hoursColumns(now)}
      FROM services s WHERE s.id = ANY(${ids}::uuid[]) AND ${PUBLISHED}`;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const items = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [savedCardOf(row, now)] : [];
    });
    return { items, at: now.toISOString() };
  });
}
