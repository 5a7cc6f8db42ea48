import "server-only";

import { fromPrisma, type JobResult, type Job as QueuedJob } from "pg-boss";

import { getDatabase } from "@/lib/db/client";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { ensureQueue, getQueue, QUEUE_SCHEMA, startedQueue, type QueueSettings } from "@/lib/jobs/queue";
import type { QueueWorker } from "@/lib/jobs/runner";
import { log } from "@/lib/log";

import { pushSender } from "../push/sender";
import { telegramSender } from "../telegram/sender";
import type { ChannelSender, Delivery, SendOutcome } from "./channel";

/**
 * Deliveries by Telegram and push: a row in notification_deliveries and a job on the
 * `notification` queue, written in the transaction of the change they tell of (as the mail
 * outbox does for e-mail). The job starts at the row's notBefore (quiet hours). An attempt first
 * claims the row for a minute, so two workers never send one delivery at once; after a passing
 * failure the row gets a new notBefore (the service's retry_after, else 30 s doubling up to 3 h)
 * and a new job, in one transaction; after a day of failures it is `failed`. A target the service
 * says is gone (a blocked bot, a 410 subscription) is forgotten and its other deliveries dropped.
 */
export const NOTIFICATION_QUEUE = "notification";
export const DELIVERY_GIVE_UP_MS = 24 * 60 * 60_000;
const CLAIM_SECONDS = 60;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3 * 60 * 60_000;

/** The queue's own retries only cover a worker that died mid-attempt; the row's schedule does the rest. */
export const NOTIFICATION_QUEUE_OPTIONS: QueueSettings = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

export const SENDERS: Record<"telegram" | "push", ChannelSender> = { telegram: telegramSender, push: pushSender };

type DeliveryJob = { id: string };
type Tx = Prisma.TransactionClient;

const prepared = new WeakSet<object>();

/** Makes the notification queue: at the server's start, before a request queues a delivery inside its transaction. */
export async function prepareNotificationQueue() {
  const { boss } = await getQueue();
  await ensureQueue(boss, NOTIFICATION_QUEUE, NOTIFICATION_QUEUE_OPTIONS);
  prepared.add(boss);
  return boss;
}

/** The notification queue, started if it is not: before a transaction that may queue a delivery. */
export async function ensureNotificationQueue(): Promise<void> {
  await notificationQueue(false);
}

async function notificationQueue(inTransaction: boolean) {
  const ready = startedQueue();
  if (ready && prepared.has(ready.boss)) return ready.boss;
  if (inTransaction && (await getDatabase()).driver.kind === "pglite")
    throw new Error(
      "The job queue is not started: prepareNotificationQueue() must run before a delivery is written inside a transaction on the embedded database.",
    );
  return prepareNotificationQueue();
}

/** The job of a delivery, starting at `startAfter` (quiet hours, a retry's pause), in the caller's transaction. */
export async function sendDeliveryJob(tx: Tx, id: string, startAfter?: Date): Promise<void> {
  const boss = await notificationQueue(true);
  await boss.send(NOTIFICATION_QUEUE, { id } satisfies DeliveryJob, {
    db: fromPrisma(tx),
    ...(startAfter && startAfter.getTime() > Date.now() ? { startAfter } : {}),
  });
}

type Row = Delivery & { channel: "telegram" | "push"; createdAt: Date; notBefore: Date; status: string };

const COLUMNS = `id, "userId", channel::text AS channel, target, kind, title, body, url, locale::text AS locale,
  attempts, "createdAt", "notBefore", status::text AS status`;

/**
 * The target is still the person's: their linked chat, their browser's subscription. A delivery
 * written in a transaction that committed after the chat was unlinked or moved to another
 * account, or the subscription dropped, is not sent.
 */
const STILL_THEIRS = `(CASE channel
  WHEN 'telegram' THEN EXISTS (SELECT 1 FROM telegram_links l WHERE l."userId" = notification_deliveries."userId" AND l."chatId"::text = notification_deliveries.target)
  ELSE EXISTS (SELECT 1 FROM push_subscriptions p WHERE p."userId" = notification_deliveries."userId" AND p.id::text = notification_deliveries.target)
END)`;

/** The pause before the next try after `attempts` tries: 30 s, doubling, at most 3 h. */
export const retryPauseMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * One attempt of a delivery: what it is afterwards. "held" when it is not due yet (its job came
 * early: a fresh job for its time is sent), "busy" when another worker holds it, "gone" when it
 * is settled or does not exist.
 */
export async function attemptDelivery(
  id: string,
  now = new Date(),
): Promise<"sent" | "pending" | "failed" | "dropped" | "held" | "busy" | "gone"> {
  const prisma = await getPrisma();
  const [claimed] = await prisma.$queryRawUnsafe<Row[]>(
    `UPDATE notification_deliveries SET attempts = attempts + 1, "claimedUntil" = $2::timestamptz + interval '${CLAIM_SECONDS} seconds'
     WHERE id = $1::uuid AND status = 'pending' AND "notBefore" <= $2::timestamptz
       AND ("claimedUntil" IS NULL OR "claimedUntil" < $2::timestamptz)
       AND ${STILL_THEIRS}
     RETURNING ${COLUMNS}`,
    id,
    now,
  );
  if (!claimed) {
    const [row] = await prisma.$queryRawUnsafe<(Row & { claimedUntil: Date | null })[]>(
      `SELECT ${COLUMNS}, "claimedUntil" FROM notification_deliveries WHERE id = $1::uuid`,
      id,
    );
    if (!row || row.status !== "pending") return "gone";
    if (row.claimedUntil && row.claimedUntil > now) return "busy";
    if (row.notBefore <= now) {
      // Due and free, so its target is no longer the person's.
      await prisma.notificationDelivery.updateMany({
        where: { id, status: "pending" },
        data: { status: "dropped", error: "the target is no longer the person's" },
      });
      return "dropped";
    }
    // Due later than this job: a job for its time (the row's schedule is the truth).
    await prisma.$transaction((tx) => sendDeliveryJob(tx, id, row.notBefore));
    return "held";
  }
  const sender = SENDERS[claimed.channel];
  let result: SendOutcome;
  try {
    result = sender.configured()
      ? await sender.send(claimed)
      : { outcome: "refused", error: `${claimed.channel} is not configured on this server` };
  } catch (error) {
    result = { outcome: "retry", error: String(error) };
  }
  return settle(claimed, result, now);
}

async function settle(row: Row, result: SendOutcome, now: Date): Promise<"sent" | "pending" | "failed" | "dropped"> {
  const prisma = await getPrisma();
  const error = "error" in result ? result.error.slice(0, 500) : null;
  if (result.outcome === "sent") {
    // Sent whatever else happened meanwhile (a drop while it was on its way): the row says so.
    await prisma.notificationDelivery.update({
      where: { id: row.id },
      data: { status: "sent", sentAt: now, claimedUntil: null, error: null },
    });
    return "sent";
  }
  if (result.outcome === "gone") {
    await prisma.$transaction(async (tx) => {
      await SENDERS[row.channel].forget(tx, row);
      await tx.notificationDelivery.updateMany({
        where: { channel: row.channel, target: row.target, status: "pending" },
        data: { status: "dropped", claimedUntil: null, error },
      });
    });
    log.info({ area: "notifications", channel: row.channel, deliveryId: row.id }, "target gone: forgotten");
    return "dropped";
  }
  const givenUp = now.getTime() - row.createdAt.getTime() >= DELIVERY_GIVE_UP_MS;
  if (result.outcome === "refused" || givenUp) {
    await prisma.notificationDelivery.update({
      where: { id: row.id },
      data: { status: "failed", claimedUntil: null, error },
    });
    log.warn({ area: "notifications", channel: row.channel, deliveryId: row.id, error }, "delivery failed");
    return "failed";
  }
  const notBefore = new Date(now.getTime() + (result.afterMs ?? retryPauseMs(row.attempts)));
  await prisma.$transaction(async (tx) => {
    await tx.notificationDelivery.update({
      where: { id: row.id },
      data: { notBefore, claimedUntil: null, error },
    });
    await sendDeliveryJob(tx, row.id, notBefore);
  });
  return "pending";
}

/** The `notification` queue's worker (started with the mail's where JOBS is on). */
export const NOTIFICATION_WORKER: QueueWorker<DeliveryJob> = {
  name: NOTIFICATION_QUEUE,
  queue: NOTIFICATION_QUEUE_OPTIONS,
  batchSize: 10,
  async work(jobs: QueuedJob<DeliveryJob>[]): Promise<JobResult[]> {
    const results: JobResult[] = [];
    for (const job of jobs) {
      try {
        const outcome = await attemptDelivery(job.data.id);
        // Busy: the other worker settles it; every other outcome has its next step written.
        results.push({ id: job.id, status: "completed", output: { outcome } });
      } catch (error) {
        log.warn({ area: "notifications", deliveryId: job.data.id, err: error }, "notification job failed");
        results.push({ id: job.id, status: "failed", output: { error: String(error) } });
      }
    }
    return results;
  },
};

/**
 * The sweep's part (the `notifications` periodic job): a pending delivery due for over ten
 * minutes that no job is trying (its job ran out of retries while the database was away) gets
 * a new job. Returns how many.
 */
export async function requeueStalledDeliveries(now = new Date(), batch = 100): Promise<number> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const stalled = await tx.$queryRaw<{ id: string }[]>`
      SELECT d.id FROM notification_deliveries d
      WHERE d.status = 'pending' AND d."notBefore" < ${now}::timestamptz - interval '10 minutes'
        AND (d."claimedUntil" IS NULL OR d."claimedUntil" < ${now}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM ${Prisma.raw(QUEUE_SCHEMA)}.job j WHERE j.name = ${NOTIFICATION_QUEUE} AND j.state < 'completed'
          AND j.data->>'id' = d.id::text)
      ORDER BY d."notBefore" LIMIT ${batch} FOR UPDATE OF d SKIP LOCKED`;
    for (const { id } of stalled) await sendDeliveryJob(tx, id);
    return stalled.length;
  });
}
