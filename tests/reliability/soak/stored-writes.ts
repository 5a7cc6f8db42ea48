import type pg from "pg";

import type { createVerdict } from "../verdict";
import type { Written } from "./workload";

type Verdict = ReturnType<typeof createVerdict>;

/**
 * Every acknowledged write is in the database, once, and nothing that was refused is: the last
 * acknowledged review per person and service (unless a later attempt went unanswered and may have
 * landed), the uploads, the paid stations with one payment each, and ratings that match their
 * reviews. `ids` are the people's, `targets` the services they reviewed.
 */
export async function checkStoredWrites(
  db: pg.Pool,
  written: Written,
  ids: string[],
  targets: string[],
  verdict: Verdict,
): Promise<void> {
  const stored = (
    await db.query<{ userId: string; serviceId: string; quality: number }>(
      `SELECT "userId", "serviceId", quality FROM reviews WHERE "userId" = ANY($1::uuid[])`,
      [ids],
    )
  ).rows;
  const storedReviews = new Map(stored.map((row) => [`${row.userId}/${row.serviceId}`, row.quality]));
  const byPair = new Map<string, Written["reviews"]>();
  for (const review of written.reviews)
    byPair.set(`${review.userId}/${review.serviceId}`, [
      ...(byPair.get(`${review.userId}/${review.serviceId}`) ?? []),
      review,
    ]);
  let inDoubt = 0;
  for (const [pair, attempts] of byPair) {
    const last = attempts.filter((attempt) => attempt.status === 201).at(-1);
    const laterUnanswered = attempts.some((attempt) => attempt.status !== 201 && (!last || attempt.at > last.at));
    if (laterUnanswered) inDoubt++;
    if (!last) {
      if (storedReviews.has(pair) && !laterUnanswered) verdict.fail(`review ${pair} stored though never acknowledged`);
      continue;
    }
    if (!storedReviews.has(pair)) verdict.fail(`acknowledged review ${pair} lost`);
    else if (storedReviews.get(pair) !== last.quality && !laterUnanswered)
      verdict.fail(`review ${pair} holds ${storedReviews.get(pair)}, last acknowledged ${last.quality}`);
  }
  for (const pair of storedReviews.keys()) if (!byPair.has(pair)) verdict.fail(`review ${pair} stored but never sent`);
  // The stored numbers are those of the counted reviews (neither hidden nor held in a burst check),
  // weighted by each review's weight (features/reviews/weight.ts). The demo seed and the app store
  // the same exact averages (summed in another order, so compared to a tolerance); counts exactly.
  const drift = (
    await db.query<{ id: string }>(
      `SELECT s.id FROM services s LEFT JOIN LATERAL (
         SELECT count(*)::int AS n, coalesce(sum(weight * avg) / nullif(sum(weight), 0), 0) AS avg FROM reviews r
         WHERE r."serviceId" = s.id AND r."hiddenAt" IS NULL AND r."heldAt" IS NULL) a ON true
       WHERE s.id = ANY($1::uuid[]) AND (s."numReviews" <> a.n OR abs(s."ratingAvg" - a.avg) > 0.005)`,
      [targets],
    )
  ).rows;
  if (drift.length) verdict.fail(`${drift.length} services' ratings do not match their reviews`);

  const storedImages = new Set(
    (await db.query<{ id: string }>(`SELECT id FROM images WHERE "ownerId" = ANY($1::uuid[])`, [ids])).rows.map(
      (row) => row.id,
    ),
  );
  const acknowledgedImages = written.uploads.filter((upload) => upload.id);
  for (const upload of acknowledgedImages)
    if (!storedImages.has(upload.id!)) verdict.fail(`acknowledged upload ${upload.id} lost`);
  const unansweredUploads = written.uploads.filter((upload) => !upload.id).length;
  if (storedImages.size > acknowledgedImages.length + unansweredUploads)
    verdict.fail(`${storedImages.size} images stored for ${acknowledgedImages.length} acknowledged uploads`);

  const paidRows = (
    await db.query<{ id: string; payments: number }>(
      `SELECT s.id, (SELECT count(*)::int FROM payments p WHERE p."serviceId" = s.id) AS payments FROM services s WHERE s."ownerId" = ANY($1::uuid[]) AND s."isPaid"`,
      [ids],
    )
  ).rows;
  const paidStations = new Map(paidRows.map((row) => [row.id, row.payments]));
  const acknowledgedPayments = written.payments.filter((payment) => payment.status === 200);
  for (const payment of acknowledgedPayments) {
    if (!paidStations.has(payment.stationId!)) verdict.fail(`acknowledged payment for ${payment.stationId} lost`);
    else if (paidStations.get(payment.stationId!) !== 1)
      verdict.fail(`station ${payment.stationId} has ${paidStations.get(payment.stationId!)} payments`);
  }
  const unansweredPayments = written.payments.length - acknowledgedPayments.length;
  if (paidStations.size > acknowledgedPayments.length + unansweredPayments)
    verdict.fail(`${paidStations.size} paid stations for ${acknowledgedPayments.length} acknowledged payments`);
  const drafts = (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM services WHERE "ownerId" = ANY($1::uuid[]) AND NOT "isPaid" GROUP BY "ownerId" HAVING count(*) > 1`,
      [ids],
    )
  ).rows;
  if (drafts.length) verdict.fail(`${drafts.length} people hold more than one unpaid draft`);
  console.log(
    `writes: ${written.reviews.filter((r) => r.status === 201).length} reviews acknowledged (${storedReviews.size} stored pairs, ${inDoubt} in doubt after a 503), ` +
      `${acknowledgedImages.length} uploads (${storedImages.size} stored), ${acknowledgedPayments.length} paid orders (${paidStations.size} paid stations, each paid once)`,
  );
}
