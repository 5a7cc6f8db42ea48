import "server-only";

import type { Locale } from "next-intl";
import { fromPrisma, type JobResult, type Job as QueuedJob } from "pg-boss";
import { Resend } from "resend";

import { getDatabase } from "@/lib/db/client";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ensureQueue, getQueue, startedQueue, type QueueSettings } from "@/lib/jobs/queue";
import type { QueueWorker } from "@/lib/jobs/runner";
import { trackWork } from "@/lib/lifecycle";
import { log } from "@/lib/log";

/**
 * Every mail is written to the outbox (mail_outbox) first and delivered from there, so none is
 * lost: through Resend when RESEND_API_KEY is set (RESEND_BASE_URL points the SDK at a fake in
 * tests), otherwise printed to the server log and readable at /dev/outbox. With the row, in the
 * same transaction, goes a `mail` job on the job queue (lib/jobs/queue.ts): the retry path. A mail
 * sent from a request (sendMail, queueMail) gets its first attempt there and then, and its job
 * waits out the first retry pause; one written inside a caller's transaction is first tried by its
 * job, within the queue's polling interval. A delivery that fails for a passing reason (network,
 * 5xx, 429) is retried by the queue with growing pauses; after a day, or at once for a refusal (a
 * bad address), the mail is `failed` and shown to admins. Resend gets an idempotency key per mail,
 * so an attempt that overlapped another cannot mail twice.
 */
export type Mail = { to: string; subject: string; text: string; html: string; locale: Locale; kind: string };

export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

export const MAIL_QUEUE = "mail";

/**
 * The mail queue's retries: 30 s, doubling up to 3 h (pg-boss's backoff, with its jitter), as
 * many as a day holds and a few more; the outbox's one-day give-up ends the job before they run
 * out. expireInSeconds: an attempt stuck longer than 2 minutes (the provider hung) is tried again.
 */
export const MAIL_QUEUE_OPTIONS: QueueSettings = {
  retryLimit: 20,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3 * 60 * 60,
  expireInSeconds: 120,
};

/** The first retry pause, which a mail tried at once waits before its job. */
const FIRST_RETRY_SECONDS = MAIL_QUEUE_OPTIONS.retryDelay!;

/** What a caller's transaction must offer: the outbox, and raw SQL for the job's insert. */
export type MailTx = Pick<Prisma.TransactionClient, "mailOutbox" | "$queryRawUnsafe">;
type Tx = MailTx;
type Row = { id: string; to: string; subject: string; text: string; html: string; attempts: number; createdAt: Date };
type MailJob = { id: string };

/** A header value from user text: line breaks would start new headers, so none survive. */
export function headerSafe(text: string, max = 300): string {
  return text
    .replace(/[\r\n\u2028\u2029\u0085]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/**
 * Writes the mail to the outbox and sends its `mail` job, in one transaction: the caller's when
 * given (neither exists if it rolls back), else one of its own. The job is the mail's first
 * attempt, within the queue's polling interval, unless `triedNow` (the caller tries it at once):
 * then it waits out the first retry pause.
 */
export async function enqueueMail(
  mail: Mail,
  tx?: Tx,
  { triedNow = false }: { triedNow?: boolean } = {},
): Promise<string> {
  const boss = await mailQueue(Boolean(tx));
  const write = async (db: Tx) => {
    const { id } = await db.mailOutbox.create({
      data: { ...mail, to: headerSafe(mail.to, 100), subject: headerSafe(mail.subject) },
      select: { id: true },
    });
    await boss.send(MAIL_QUEUE, { id } satisfies MailJob, {
      db: fromPrisma(db),
      ...(triedNow ? { startAfter: FIRST_RETRY_SECONDS } : {}),
    });
    return id;
  };
  return tx ? write(tx) : (await getPrisma()).$transaction(write);
}

const prepared = new WeakSet<object>();

/**
 * Starts the process-wide job queue and makes the mail queue: the server's start does it
 * (instrumentation-node.ts), before any request writes a mail inside its transaction.
 */
export async function prepareMailQueue() {
  const { boss } = await getQueue();
  await ensureQueue(boss, MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
  prepared.add(boss);
  return boss;
}

/** The mail queue, started if it is not: before a transaction that will write a mail (see mailQueue). */
export async function ensureMailQueue(): Promise<void> {
  await mailQueue(false);
}

async function mailQueue(inTransaction: boolean) {
  const ready = startedQueue();
  if (ready && prepared.has(ready.boss)) return ready.boss;
  if (inTransaction && (await getDatabase()).driver.kind === "pglite")
    throw new Error(
      "The job queue is not started: prepareMailQueue() must run before a mail is written inside a transaction on the embedded database (its one connection is the transaction's).",
    );
  return prepareMailQueue();
}

/** A `failed` mail back into the queue (an admin's retry): pending again, a day of retries from now. */
export async function requeueFailedMail(id: string): Promise<boolean> {
  const boss = await mailQueue(false);
  return (await getPrisma()).$transaction(async (tx) => {
    const { count } = await tx.mailOutbox.updateMany({
      where: { id, status: "failed" },
      data: { status: "pending", createdAt: new Date(), error: null },
    });
    if (count) await boss.send(MAIL_QUEUE, { id } satisfies MailJob, { db: fromPrisma(tx) });
    return count > 0;
  });
}

/** Stores the mail and waits for the first delivery attempt (its outcome is kept either way). */
export async function sendMail(mail: Mail): Promise<void> {
  await attemptMail(await enqueueMail(mail, undefined, { triedNow: true }));
}

/**
 * Stores the mail and tries it after the caller has answered, for answers whose timing must not
 * depend on whether a mail was written (password reset, sign-up). The row and its job are written
 * first, so the queue retries a delivery that never starts.
 */
export async function queueMail(mail: Mail): Promise<void> {
  attemptInBackground(await enqueueMail(mail, undefined, { triedNow: true }));
}

/** The first attempt of a stored mail, after the caller has answered (see queueMail). */
export function attemptInBackground(id: string): void {
  inBackground(attemptMail(id), `delivery of ${id}`);
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
  // A stop (SIGTERM) waits for it like for a job run: cut, the mail would wait for its retry.
  trackWork(run);
}

/** Resolves once every delivery started in the background so far has finished (before the database closes). */
export async function mailQueueSettled(): Promise<void> {
  await Promise.all([...background]);
}

/**
 * One attempt of a pending mail; what it is afterwards, or "gone" when it is not pending (sent,
 * failed, or an overlapping attempt settled it).
 */
export async function attemptMail(id: string): Promise<"sent" | "failed" | "pending" | "gone"> {
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<Row[]>`
    SELECT id, "to", subject, text, html, attempts, "createdAt" FROM mail_outbox WHERE id = ${id}::uuid AND status = 'pending'`;
  if (!row) return "gone";
  return attempt(row);
}

/**
 * The `mail` queue's worker (lib/jobs/runner.ts starts it where JOBS is on): a batch of jobs, an
 * attempt each, one result per job. A mail still pending after its attempt fails its job, which
 * the queue retries after its pause; a sent, refused or given-up mail completes it.
 */
export const MAIL_WORKER: QueueWorker<MailJob> = {
  name: MAIL_QUEUE,
  queue: MAIL_QUEUE_OPTIONS,
  batchSize: 10,
  async work(jobs: QueuedJob<MailJob>[]): Promise<JobResult[]> {
    const results: JobResult[] = [];
    for (const job of jobs) {
      try {
        const outcome = await attemptMail(job.data.id);
        results.push(
          outcome === "pending"
            ? { id: job.id, status: "failed", output: { outcome } }
            : { id: job.id, status: "completed", output: { outcome } },
        );
      } catch (error) {
        // The database failed under the attempt: the queue tries the job again.
        log.warn({ area: "mail", mailId: job.data.id, err: error }, "mail job failed");
        results.push({ id: job.id, status: "failed", output: { error: String(error) } });
      }
    }
    return results;
  },
};

class PermanentFailure extends Error {}

async function attempt(row: Row): Promise<"sent" | "failed" | "pending"> {
  const prisma = await getPrisma();
  const attempts = row.attempts + 1;
  try {
    const providerId = await deliver(row);
    await prisma.mailOutbox.update({
      where: { id: row.id },
      data: { status: "sent", providerId, sentAt: new Date(), attempts, error: null },
    });
    return "sent";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const givingUp = error instanceof PermanentFailure || Date.now() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
    log.error(
      { area: "mail", mailId: row.id, to: row.to, attempt: attempts, givingUp, error: message },
      givingUp ? "mail attempt failed, giving up" : "mail attempt failed",
    );
    await prisma.mailOutbox.update({
      where: { id: row.id },
      data: { attempts, error: message.slice(0, 500), ...(givingUp ? { status: "failed" } : {}) },
    });
    return givingUp ? "failed" : "pending";
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
    // Resend drops a second send with the same key for a day: an attempt overlapping another (a job
    // whose expiry passed mid-send, a first attempt slower than the first retry pause) cannot mail twice.
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
