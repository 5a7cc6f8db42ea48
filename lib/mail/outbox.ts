import "server-only";

import type { Locale } from "next-intl";
import { Resend } from "resend";

import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { trackWork } from "@/lib/lifecycle";
import { log } from "@/lib/log";

/**
 * Every mail is written to the outbox (mail_outbox) first and delivered from there, so none is
 * lost: through Resend when RESEND_API_KEY is set (RESEND_BASE_URL points the SDK at a fake in
 * tests), otherwise printed to the server log and readable at /dev/outbox. A delivery that fails
 * for a passing reason (network, 5xx, 429) is retried by the job runner (lib/jobs/runner.ts) with
 * growing pauses; after a day, or at once for a refusal (a bad address), the mail is `failed` and
 * shown to admins. Rows are claimed with a lease, so several app instances never send one twice.
 */
export type Mail = { to: string; subject: string; text: string; html: string; locale: Locale; kind: string };

/** Pauses after the 1st, 2nd, … failed attempt; the last one repeats until GIVE_UP_AFTER_MS. */
export const RETRY_PAUSES_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 3 * 60 * 60_000];
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How long a claimed row is left alone by other instances while it is being sent. */
const LEASE_MS = 2 * 60_000;

type Tx = Pick<Prisma.TransactionClient, "mailOutbox">;
type Row = { id: string; to: string; subject: string; text: string; html: string; attempts: number; createdAt: Date };

export function retryPause(attempts: number): number {
  return RETRY_PAUSES_MS[Math.min(attempts, RETRY_PAUSES_MS.length) - 1] ?? RETRY_PAUSES_MS[0]!;
}

/** A header value from user text: line breaks would start new headers, so none survive. */
export function headerSafe(text: string, max = 300): string {
  return text
    .replace(/[\r\n\u2028\u2029\u0085]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/** Writes the mail to the outbox, inside the caller's transaction when given; the runner delivers it. */
export async function enqueueMail(mail: Mail, tx?: Tx): Promise<string> {
  const db = tx ?? (await getPrisma());
  const { id } = await db.mailOutbox.create({
    data: { ...mail, to: headerSafe(mail.to, 100), subject: headerSafe(mail.subject) },
    select: { id: true },
  });
  return id;
}

/** Stores the mail and waits for the first delivery attempt (its outcome is kept either way). */
export async function sendMail(mail: Mail): Promise<void> {
  await deliverById(await enqueueMail(mail));
}

/**
 * Stores the mail and tries it after the caller has answered, for answers whose timing must not
 * depend on whether a mail was written (password reset, sign-up). The row is written first, so the
 * runner retries a delivery that never starts.
 */
export async function queueMail(mail: Mail): Promise<void> {
  const id = await enqueueMail(mail);
  inBackground(deliverById(id), `delivery of ${id}`);
}

// Deliveries started after the caller answered, which nobody awaits: a database closed under one
// of them would end the connection it holds with an error nothing listens to.
const background = new Set<Promise<void>>();

function inBackground(work: Promise<unknown>, what: string): void {
  const run: Promise<void> = work
    .then(
      () => undefined,
      (error: unknown) => log.error({ area: "mail", work: what, err: error }, "mail delivery in the background failed"),
    )
    .finally(() => background.delete(run));
  background.add(run);
  // A stop (SIGTERM) waits for it like for a job run: cut, the claimed row would wait out its lease.
  trackWork(run);
}

/** Resolves once every delivery started in the background so far has finished (before the database closes). */
export async function mailQueueSettled(): Promise<void> {
  await Promise.all([...background]);
}

/** Mails written in a transaction that has committed: try them now rather than at the next run. */
export function kickMailQueue(): void {
  inBackground(deliverDue(), "delivery run");
}

async function deliverById(id: string): Promise<void> {
  const [row] = await claim(id);
  if (row) await attempt(row);
}

/** One run of the queue: every due mail, a few at a time. Returns how many were tried. */
export async function deliverDue(limit = 20): Promise<number> {
  const rows = await claim(null, limit);
  for (const row of rows) await attempt(row);
  return rows.length;
}

async function claim(id: string | null, limit = 1): Promise<Row[]> {
  const prisma = await getPrisma();
  const lease = new Date(Date.now() + LEASE_MS);
  const only = id ? Prisma.sql`AND id = ${id}::uuid` : Prisma.empty;
  return prisma.$queryRaw<Row[]>`UPDATE mail_outbox SET "nextAttemptAt" = ${lease} WHERE id IN (
      SELECT id FROM mail_outbox WHERE status = 'pending' AND "nextAttemptAt" <= now() ${only}
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, html, attempts, "createdAt"`;
}

class PermanentFailure extends Error {}

async function attempt(row: Row): Promise<void> {
  const prisma = await getPrisma();
  const attempts = row.attempts + 1;
  try {
    const providerId = await deliver(row);
    await prisma.mailOutbox.update({
      where: { id: row.id },
      data: { status: "sent", providerId, sentAt: new Date(), attempts, error: null },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const givingUp = error instanceof PermanentFailure || Date.now() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
    log.error(
      { area: "mail", mailId: row.id, to: row.to, attempt: attempts, givingUp, error: message },
      givingUp ? "mail attempt failed, giving up" : "mail attempt failed",
    );
    await prisma.mailOutbox.update({
      where: { id: row.id },
      data: {
        attempts,
        error: message.slice(0, 500),
        ...(givingUp ? { status: "failed" } : { nextAttemptAt: new Date(Date.now() + retryPause(attempts)) }),
      },
    });
  }
}

async function deliver(row: Row): Promise<string> {
  const key = env.RESEND_API_KEY;
  if (!key) {
    // A mail's text holds its links' tokens: only a developer's own log shows it (at debug), never production's.
    log.info({ area: "mail", mailId: row.id, to: row.to, subject: row.subject }, "mail kept in the dev outbox");
    if (env.NODE_ENV === "development") log.debug({ area: "mail", mailId: row.id }, `mail text:\n${row.text}`);
    return "dev-outbox";
  }
  const resend = new Resend(key);
  const { data, error } = await resend.emails.send(
    { from: env.MAIL_FROM, to: row.to, subject: headerSafe(row.subject), text: row.text, html: row.html },
    // Resend drops a second send with the same key for a day: a lease that ran out mid-send cannot mail twice.
    { idempotencyKey: `mail-${row.id}` },
  );
  if (error) {
    const status = (error as { statusCode?: number | null }).statusCode ?? 0;
    const permanent = status >= 400 && status < 500 && status !== 429;
    throw permanent ? new PermanentFailure(error.message) : new Error(error.message);
  }
  return data?.id ?? "";
}

/** How many mails wait to be sent: the outbox depth gauge (an index-only count on status). */
export async function pendingMailCount(): Promise<number> {
  return (await getPrisma()).mailOutbox.count({ where: { status: "pending" } });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Latest mails for the dev outbox page. */
export async function latestMails(limit = 50) {
  const prisma = await getPrisma();
  return prisma.mailOutbox.findMany({ orderBy: { createdAt: "desc" }, take: limit });
}
