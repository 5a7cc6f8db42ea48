import "server-only";

import { imageIdOf, imageUrl } from "@/domain/service/images";
import { requireAccess } from "@/features/accounts/server/guards";
import { keepAnActiveAdmin } from "@/features/accounts/server/last-admin";
import { endAllSessions, type Viewer } from "@/features/accounts/server/session";
import type { adminUserAnswer } from "@/features/admin/answers";
import { adminListQuery, adminUserInput } from "@/features/admin/schema";
import type { AdminService, AdminServicePage } from "@/features/admin/services-answers";
import type { EditableService } from "@/features/listings/answers";
import { getOwnService, removeService, updateOwnService } from "@/features/listings/server/listings";
import { removeAccount } from "@/features/my-account/server/account-removal";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, BadRequestError, isUniqueViolation, isUuid, NotFoundError } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/page-of";
import { ADMIN_PAGE_SIZE } from "@/lib/http/pagination";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import type { z } from "@/lib/zod";

/**
 * Moderation (spec §2 admin pages, 4 block / admin flag / delete). Every function refuses
 * non-admins itself, and every change is written to the audit log with who did it.
 */

/** Literal search (no LIKE wildcards, no regex): "%" or "_" in a keyword mean themselves. */
const containsText = (column: Prisma.Sql, keyword: string) =>
  Prisma.sql`strpos(lower(${column}), lower(${keyword})) > 0`;

/** An account as the admin pages see it: the shape the API's document describes. */
export type AdminUser = z.infer<typeof adminUserAnswer>;
type UserRow = {
  id: string;
  name: string;
  email: string;
  imageId: string | null;
  isAdmin: boolean;
  isBlocked: boolean;
  createdAt: Date;
};

const toAdminUser = (row: UserRow): AdminUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  image: imageUrl(row.imageId),
  isAdmin: row.isAdmin,
  isBlocked: row.isBlocked,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/users?keyword&page → { users, pages, page }. */
export async function listUsers(viewer: Viewer | null, query: unknown) {
  requireAccess(viewer, "admin");
  const { keyword, page } = parseOrThrow(adminListQuery, query);
  const prisma = await getPrisma();
  const where = keyword
    ? Prisma.sql`WHERE ${containsText(Prisma.sql`name`, keyword)} OR ${containsText(Prisma.sql`email`, keyword)}`
    : Prisma.empty;
  const [counted] = await prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM users ${where}`;
  const { pages, offset } = pageOf(counted?.total ?? 0, page);
  const rows = await prisma.$queryRaw<
    UserRow[]
  >`SELECT id, name, email, "imageId", "isAdmin", "isBlocked", "createdAt" FROM users ${where}
    ORDER BY "createdAt" DESC, id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`;
  return { users: rows.map(toAdminUser), pages, page };
}

async function findUser(id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new NotFoundError();
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({
    where: { id },
    select: { id: true, name: true, email: true, imageId: true, isAdmin: true, isBlocked: true, createdAt: true },
  });
  if (!user) throw new NotFoundError();
  return user;
}

/** GET /api/users/{id}. */
export async function getUser(viewer: Viewer | null, id: string): Promise<AdminUser> {
  requireAccess(viewer, "admin");
  return toAdminUser(await findUser(id));
}

/** PUT /api/users/{userId}: name, email, image, isAdmin ('true'/'false'); an admin cannot demote themselves. */
export async function updateUser(viewer: Viewer | null, id: string, body: unknown): Promise<AdminUser> {
  requireAccess(viewer, "admin");
  const input = parseOrThrow(adminUserInput, body);
  const before = await findUser(id);
  if (input.isAdmin === "false" && id === viewer.id) throw new AppError(403, "Admin.selfDemote");
  const data: Prisma.UserUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.email !== undefined && input.email.toLowerCase() !== before.email.toLowerCase()) {
    Object.assign(data, { email: input.email, emailNormalized: input.email.toLowerCase() });
  }
  const emailChanged = data.emailNormalized !== undefined;
  if (input.image !== undefined)
    data.image = input.image ? { connect: { id: imageIdOf(input.image) } } : { disconnect: true };
  if (input.isAdmin !== undefined) data.isAdmin = input.isAdmin === "true";
  const prisma = await getPrisma();
  try {
    return await changingCatalog(() =>
      prisma.$transaction(async (tx) => {
        if (input.isAdmin === "false") await keepAnActiveAdmin(tx, id);
        const user = await tx.user.update({
          where: { id },
          data,
          select: { id: true, name: true, email: true, imageId: true, isAdmin: true, isBlocked: true, createdAt: true },
        });
        // Sessions belong to the address they were opened with.
        if (emailChanged) await endAllSessions(id, tx, "emailChangedByAdmin");
        const changed = Object.keys(input).filter((key) => input[key as keyof typeof input] !== undefined);
        await writeAudit(tx, viewer.id, "user.update", "user", id, {
          fields: changed,
          ...(input.isAdmin ? { isAdmin: input.isAdmin } : {}),
        });
        return toAdminUser(user);
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new BadRequestError({ email: "Auth.emailTaken" });
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025")
      throw new BadRequestError({ image: "Validation.imageType" });
    throw error;
  }
}

/** PUT /api/users/admin/{id}/block: toggles; the user loses access on the next request. */
export async function toggleUserBlock(
  viewer: Viewer | null,
  id: string,
): Promise<{ isBlocked: boolean; message: string }> {
  requireAccess(viewer, "admin");
  const user = await findUser(id);
  if (id === viewer.id) throw new AppError(403, "Admin.selfBlock");
  const prisma = await getPrisma();
  const isBlocked = !user.isBlocked;
  await prisma.$transaction(async (tx) => {
    if (isBlocked) {
      await keepAnActiveAdmin(tx, id);
      await endAllSessions(id, tx, "blocked");
    }
    await tx.user.update({ where: { id }, data: { isBlocked } });
    await writeAudit(tx, viewer.id, isBlocked ? "user.block" : "user.unblock", "user", id);
  });
  return { isBlocked, message: isBlocked ? "Admin.userBlocked" : "Admin.userUnblocked" };
}

/** DELETE /api/users/{id}: what is kept and what goes is decided once, in removeAccount(). */
export async function deleteUser(viewer: Viewer | null, id: string): Promise<{ message: string }> {
  requireAccess(viewer, "admin");
  const user = await findUser(id);
  if (id === viewer.id) throw new AppError(403, "Admin.selfDelete");
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const removal = await removeAccount(tx, id);
      await writeAudit(tx, viewer.id, "user.delete", "user", id, { email: user.email, ...removal });
    }),
  );
  return { message: "Admin.userDeleted" };
}

/** GET /api/items/admin?keyword&page → { stos, page, pages }: every service, unpaid and blocked too. */
export async function listServicesForAdmin(viewer: Viewer | null, query: unknown): Promise<AdminServicePage> {
  requireAccess(viewer, "admin");
  const { keyword, page } = parseOrThrow(adminListQuery, query);
  const prisma = await getPrisma();
  const where = keyword
    ? Prisma.sql`WHERE ${containsText(Prisma.sql`s.name`, keyword)} OR ${containsText(Prisma.sql`s."contactMail"`, keyword)} OR ${containsText(Prisma.sql`s.address`, keyword)} OR ${containsText(Prisma.sql`u.name`, keyword)}`
    : Prisma.empty;
  const [counted] = await prisma.$queryRaw<
    { total: number }[]
  >`SELECT count(*)::int AS total FROM services s LEFT JOIN users u ON u.id = s."ownerId" ${where}`;
  const { pages, offset } = pageOf(counted?.total ?? 0, page);
  const rows = await prisma.$queryRaw<
    {
      id: string;
      ownerId: string | null;
      ownerName: string | null;
      claimed: boolean;
      name: string;
      contactMail: string;
      imageId: string | null;
      role: "sto" | "mechanic";
      isBlocked: boolean;
      isPaid: boolean;
    }[]
  >`
    SELECT s.id, s."ownerId", u.name AS "ownerName", s.claimed, s.name, s."contactMail", s."imageId", s.role, s."isBlocked", s."isPaid"
    FROM services s LEFT JOIN users u ON u.id = s."ownerId" ${where}
    ORDER BY s."createdAt" DESC, s.id LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${offset}`;
  const stos: AdminService[] = rows.map((row) => ({
    _id: row.id,
    user: row.ownerId,
    userName: row.ownerName,
    claimed: row.claimed,
    name: row.name,
    contactMail: row.contactMail,
    image: imageUrl(row.imageId),
    role: row.role,
    isBlocked: row.isBlocked,
    ispaid: row.isPaid,
  }));
  return { stos, page, pages };
}

/** The service for the admin edit page, whoever owns it. */
export async function getServiceForAdmin(viewer: Viewer | null, id: string): Promise<EditableService> {
  requireAccess(viewer, "admin");
  return getOwnService(viewer, id);
}

/** PUT /api/items/admin/{stoId}: only the changed fields, as for owners; the audit entry commits with them. */
export async function updateServiceAsAdmin(viewer: Viewer | null, id: string, body: unknown): Promise<EditableService> {
  requireAccess(viewer, "admin");
  return updateOwnService(viewer, id, body, (tx, input) =>
    writeAudit(tx, viewer.id, "service.update", "service", id, { fields: Object.keys(input) }),
  );
}

/** DELETE /api/items/admin/{id}: the deletion and its audit entry commit together. */
export async function deleteServiceAsAdmin(viewer: Viewer | null, id: string): Promise<{ message: string }> {
  requireAccess(viewer, "admin");
  const service = await removeService(viewer, id, (tx, row) =>
    writeAudit(tx, viewer.id, "service.delete", "service", row.id, {
      name: row.name,
      role: row.role,
      owner: row.ownerId,
    }),
  );
  return { message: service.role === "mechanic" ? "Listing.mechanicDeleted" : "Listing.cssDeleted" };
}

/** PUT /api/items/admin/{id}/block: toggles; a blocked service disappears from every public list. */
export async function toggleServiceBlock(
  viewer: Viewer | null,
  id: string,
): Promise<{ isBlocked: boolean; message: string }> {
  requireAccess(viewer, "admin");
  if (!isUuid(id)) throw new NotFoundError();
  const prisma = await getPrisma();
  const service = await prisma.service.findUnique({ where: { id }, select: { isBlocked: true, role: true } });
  if (!service) throw new NotFoundError();
  const isBlocked = !service.isBlocked;
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      await tx.service.update({ where: { id }, data: { isBlocked } });
      await writeAudit(tx, viewer.id, isBlocked ? "service.block" : "service.unblock", "service", id);
    }),
  );
  const kind = service.role === "mechanic" ? "mechanic" : "service";
  return { isBlocked, message: `Admin.${kind}${isBlocked ? "Blocked" : "Unblocked"}` };
}

export type AuditEntry = { _id: string; action: string; actor: string | null; createdAt: string; details: unknown };

/** The last actions on a user or service, for the edit pages. */
export async function recentAudit(
  viewer: Viewer | null,
  targetType: "user" | "service",
  targetId: string,
  limit = 10,
): Promise<AuditEntry[]> {
  requireAccess(viewer, "admin");
  if (!isUuid(targetId)) return [];
  const prisma = await getPrisma();
  const rows = await prisma.auditLog.findMany({
    where: { targetType, targetId },
    orderBy: { createdAt: "desc" },
    take: limit,
    include: { actor: { select: { name: true } } },
  });
  return rows.map((row) => ({
    _id: row.id,
    action: row.action,
    actor: row.actor?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    details: row.details,
  }));
}
