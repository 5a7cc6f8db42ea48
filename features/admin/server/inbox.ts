import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { failedMailAnswer, feedbackItemAnswer } from "@/features/admin/answers";
import { feedbackMarkInput } from "@/features/admin/schema";
import { getPrisma } from "@/lib/db/server";
import { isUuid, NotFoundError } from "@/lib/http/errors";
import { ADMIN_PAGE_SIZE } from "@/lib/http/pagination";
import { parseOrThrow } from "@/lib/http/validate";
import { requeueFailedMail } from "@/lib/mail/outbox";
import type { z } from "@/lib/zod";

/** /admin/inbox: the site feedback people sent, and the mail that could not be delivered. */
export type FeedbackItem = z.infer<typeof feedbackItemAnswer>;
export type FailedMail = z.infer<typeof failedMailAnswer>;

export async function listFeedback(
  viewer: Viewer | null,
  limit = ADMIN_PAGE_SIZE * 2,
): Promise<{ items: FeedbackItem[]; unread: number }> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  const [rows, unread] = await Promise.all([
    prisma.feedback.findMany({ orderBy: { createdAt: "desc" }, take: limit }),
    prisma.feedback.count({ where: { readAt: null } }),
  ]);
  return {
    items: rows.map((row) => ({
      _id: row.id,
      title: row.title,
      message: row.message,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    unread,
  };
}

export async function markFeedback(viewer: Viewer | null, id: string, body: unknown): Promise<{ read: boolean }> {
  requireAccess(viewer, "admin");
  if (!isUuid(id)) throw new NotFoundError();
  const { read } = parseOrThrow(feedbackMarkInput, body);
  const prisma = await getPrisma();
  const { count } = await prisma.feedback.updateMany({ where: { id }, data: { readAt: read ? new Date() : null } });
  if (count === 0) throw new NotFoundError();
  return { read };
}

export async function listFailedMail(viewer: Viewer | null, limit = ADMIN_PAGE_SIZE * 2): Promise<FailedMail[]> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  const rows = await prisma.mailOutbox.findMany({
    where: { status: "failed" },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  return rows.map((row) => ({
    _id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Back into the queue for one more round of attempts (a day of retries from now). */
export async function retryMail(viewer: Viewer | null, id: string): Promise<{ message: string }> {
  requireAccess(viewer, "admin");
  if (!isUuid(id)) throw new NotFoundError();
  if (!(await requeueFailedMail(id))) throw new NotFoundError();
  return { message: "Admin.mailRequeued" };
}
