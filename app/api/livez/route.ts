import type { z } from "zod";

import type { livenessAnswer } from "@/lib/health";

export const dynamic = "force-dynamic";

/**
 * Liveness: the process runs and answers. No database and no other dependency, so an orchestrator
 * that restarts on a failed liveness check (Docker's HEALTHCHECK, a Kubernetes livenessProbe) does
 * not restart every instance when the database is away; readiness (/api/readyz) covers that. It stays
 * 200 while the instance drains: draining is not dying.
 */
export async function GET(): Promise<Response> {
  const answer: z.infer<typeof livenessAnswer> = { status: "ok" };
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
}
