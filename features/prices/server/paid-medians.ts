import "server-only";

import { PAID_MEDIAN_MIN, type PriceJob } from "@/domain/service/jobs";
import { getPrisma } from "@/lib/db/server";

import type { PaidMedian } from "../answers";

/**
 * The median reviewers paid per job, for jobs with at least PAID_MEDIAN_MIN visible reports. A
 * read of its own, apart from the owner's writes in ./prices.ts, whose permission checks pull in
 * the account and mail modules: the service page's reads stay loadable by the reliability scripts.
 */
export async function paidMedians(serviceId: string): Promise<PaidMedian[]> {
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<{ job: PriceJob; medianUah: number; count: number }[]>`
    SELECT "paidJob" AS job, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY "paidUah"))::int AS "medianUah", count(*)::int AS count
    FROM reviews WHERE "serviceId" = ${serviceId}::uuid AND "paidJob" IS NOT NULL AND "hiddenAt" IS NULL
    GROUP BY "paidJob" HAVING count(*) >= ${PAID_MEDIAN_MIN} ORDER BY "paidJob"`;
  return rows;
}
