import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { PgBoss } from "pg-boss";

import type { FakeResend } from "../../helpers/fake-resend";
import type { createVerdict } from "../verdict";
import type { Written } from "./workload";

type Verdict = ReturnType<typeof createVerdict>;

/**
 * Every acknowledged feedback is mailed once: the provider's outage only delays it. Time passes for
 * the retry pauses (the mail jobs waiting on the job queue, pg-boss, are made due now); the app's
 * own mail worker (polling every 2 s) does the delivering.
 */
export async function checkMailDelivery(
  db: pg.Pool,
  written: Written,
  resend: FakeResend,
  verdict: Verdict,
): Promise<void> {
  const held = await expireHeldMailJobs(db, verdict);
  for (let waited = 0; waited < 60_000; waited += 2000) {
    // Again each time: a job the supervise pass returned waits out its retry pause too.
    await db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail' AND state IN ('created', 'retry')`);
    const [{ pending }] = (
      await db.query<{ pending: number }>(`SELECT count(*)::int AS pending FROM mail_outbox WHERE status = 'pending'`)
    ).rows as [{ pending: number }];
    if (pending === 0) break;
    await sleep(2000);
  }
  const mails = (
    await db.query<{ id: string; subject: string; status: string; attempts: number }>(
      `SELECT id, subject, status, attempts FROM mail_outbox WHERE kind = 'feedback'`,
    )
  ).rows;
  const acknowledged = written.feedback.filter((entry) => entry.status === 201);
  let lost = 0;
  for (const entry of acknowledged) {
    const mail = mails.find((row) => row.subject.includes(entry.title));
    // Counted by what reached the inbox, not by key: a resend under a new key would arrive twice.
    const deliveries = resend.delivered.filter((sent) => sent.body.subject.includes(entry.title)).length;
    if (!mail || mail.status !== "sent" || deliveries === 0) lost++;
    else if (deliveries > 1) verdict.fail(`mail ${mail.id} was delivered ${deliveries} times`);
  }
  if (lost) verdict.fail(`${lost} of ${acknowledged.length} acknowledged feedback mails never arrived`);
  await checkRequestMails(db, written, resend, verdict);
  if (resend.refused === 0) verdict.fail("the mail outage refused no send: the fault was not exercised");
  const retried = mails.filter((row) => row.attempts > 1).length;
  console.log(
    `mail: ${mails.length} queued, ${retried} retried after the outage, ${held} mail jobs held by a worker when the database went away and returned by pg-boss's expiry, ${mails.filter((row) => row.status === "sent").length} delivered, ${lost} lost (${resend.refused} sends refused while the provider was down; ${resend.replayed} repeated sends the provider answered from its idempotency key, as after a "sent" mark the database restart cut)`,
  );
}

/**
 * A mail job a worker held when the database went away could not be settled: it stays `active`
 * until its expiry (the mail queue's expireInSeconds, 120 s) and the next supervise pass (pg-boss
 * 12.38's default, every 60 s) put it back in the queue. Time passes for that as for the retry
 * pauses: such jobs' start moves back past their expiry, and pg-boss's own supervise pass returns
 * them. That pass is claimed per queue (pgboss.queue.monitor_claim_on, at most one per
 * monitorIntervalSeconds across instances), so the server's last pass is moved back too: otherwise
 * the soak's call finds the claim taken and returns nothing. Returns how many there were; a job
 * still active after the pass fails the check here rather than as a lost mail later.
 */
async function expireHeldMailJobs(db: pg.Pool, verdict: Verdict): Promise<number> {
  // The load has ended: a mail job still active after 20 s is one nobody is working on.
  const { rowCount } = await db.query(
    `UPDATE pgboss.job SET started_on = started_on - interval '1 day'
     WHERE name = 'mail' AND state = 'active' AND started_on < now() - interval '20 seconds'`,
  );
  if (!rowCount) return 0;
  await db.query(
    `UPDATE pgboss.queue SET monitor_claim_on = monitor_claim_on - interval '1 day', monitor_on = monitor_on - interval '1 day'
     WHERE name = 'mail'`,
  );
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => db.query(text, values) },
    migrate: false,
    schedule: false,
    supervise: false,
  });
  await boss.start();
  try {
    await boss.supervise("mail");
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  const [{ still }] = (
    await db.query<{ still: number }>(
      `SELECT count(*)::int AS still FROM pgboss.job
       WHERE name = 'mail' AND state = 'active' AND started_on < now() - interval '1 day'`,
    )
  ).rows as [{ still: number }];
  if (still) verdict.fail(`${still} of ${rowCount} held mail jobs were not returned by pg-boss's supervise pass`);
  return rowCount;
}

/**
 * A request for a price is written with one mail to each asked service's owner, in its transaction:
 * every service of every stored request of the soak's people has exactly one such mail, delivered
 * once, whatever the provider's outage or the database restart did meanwhile.
 */
async function checkRequestMails(db: pg.Pool, written: Written, resend: FakeResend, verdict: Verdict): Promise<void> {
  const drivers = [...new Set(written.requests.map((entry) => entry.userId))];
  const stored = (
    await db.query<{ id: string; services: string[] }>(
      `SELECT q.id, array_agg(t."serviceId"::text ORDER BY t."serviceId") AS services
       FROM quote_requests q JOIN quote_targets t ON t."requestId" = q.id
       WHERE q."driverId" = ANY($1::uuid[]) GROUP BY q.id`,
      [drivers],
    )
  ).rows;
  const byId = new Map(stored.map((row) => [row.id, row.services]));
  const acknowledged = written.requests.filter((entry) => entry.status === 201 && entry.id);
  for (const entry of acknowledged) {
    const services = byId.get(entry.id!);
    if (!services) verdict.fail(`acknowledged request ${entry.id} lost`);
    else if (services.join() !== [...entry.serviceIds].sort().join())
      verdict.fail(`request ${entry.id} went to ${services.length} services, ${entry.serviceIds.length} were asked`);
  }
  const unanswered = written.requests.filter((entry) => entry.status !== 201).length;
  if (stored.length > acknowledged.length + unanswered)
    verdict.fail(`${stored.length} requests stored for ${acknowledged.length} acknowledged`);
  const targets = stored.reduce((sum, row) => sum + row.services.length, 0);
  const mails = (
    await db.query<{ id: string; status: string; attempts: number }>(
      // Only the soak's people ask in this database (the demo data queues no mail).
      `SELECT id, status, attempts FROM mail_outbox WHERE kind = 'request.new'`,
    )
  ).rows;
  if (mails.length !== targets) verdict.fail(`${mails.length} new-request mails queued for ${targets} asked services`);
  let lost = 0;
  for (const mail of mails) {
    const deliveries = resend.delivered.filter((sent) => sent.key === `mail-${mail.id}`).length;
    if (mail.status !== "sent" || deliveries === 0) lost++;
    else if (deliveries > 1) verdict.fail(`mail ${mail.id} was delivered ${deliveries} times`);
  }
  if (lost) verdict.fail(`${lost} of ${mails.length} new-request mails never arrived`);
  if (!acknowledged.length) verdict.fail("no request for a price was acknowledged: the soak did not exercise them");
  console.log(
    `requests: ${acknowledged.length} acknowledged (${unanswered} unanswered), ${targets} services asked, ${mails.length} mails queued, ${mails.filter((row) => row.attempts > 1).length} retried, ${lost} lost`,
  );
}
