import "server-only";

import { rememberRead } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";

import { JOB_FIGURES_DAYS } from "../rules";

/** What a service's page says of its jobs through the site (features/requests/components/job-figures.tsx). */
export type JobFigures = {
  /** Jobs of accepted requests the driver confirmed done (or that counted as confirmed). */
  done: number;
  /** Within the last JOB_FIGURES_DAYS: bookings the service cancelled less than 2 hours before the slot… */
  lateCancels: number;
  /** …and bookings at which the driver marked the service as not there. */
  noShows: number;
};

/**
 * A service's record of jobs through the site: how many were done, and the times it let a driver
 * down lately. A driver's own late cancellation or no-show says nothing of the service, so only
 * the service's count here.
 */
export function jobFigures(serviceId: string, now: Date = new Date()): Promise<JobFigures> {
  // Read with the page, so kept as the page's service is (lib/cache/read-cache.ts): a job confirmed,
  // a late cancellation and a no-show announce a change, which drops it on every instance.
  return rememberRead(`job-figures:${serviceId}`, () => readJobFigures(serviceId, now));
}

async function readJobFigures(serviceId: string, now: Date): Promise<JobFigures> {
  const prisma = await getPrisma();
  const since = new Date(now.getTime() - JOB_FIGURES_DAYS * 86_400_000);
  const [row] = await prisma.$queryRaw<JobFigures[]>`
    SELECT
      (SELECT count(*) FROM quote_requests r JOIN quote_answers a ON a.id = r."acceptedAnswerId"
        WHERE a."serviceId" = ${serviceId}::uuid AND r."jobStatus" = 'confirmed')::int AS done,
      (SELECT count(*) FROM quote_bookings b
        WHERE b."serviceId" = ${serviceId}::uuid AND b.status = 'cancelled' AND b."lateCancel"
          AND b."endedBy" = 'service' AND b."endedAt" > ${since})::int AS "lateCancels",
      (SELECT count(*) FROM quote_bookings b
        WHERE b."serviceId" = ${serviceId}::uuid AND b.status = 'no_show' AND b."endedBy" = 'driver'
          AND b."endedAt" > ${since})::int AS "noShows"`;
  return row ?? { done: 0, lateCancels: 0, noShows: 0 };
}
