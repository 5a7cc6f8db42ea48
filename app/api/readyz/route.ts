import { checkReadiness } from "@/lib/health";

export const dynamic = "force-dynamic";

/**
 * Readiness: whether this instance should get traffic. 200 when the database answers, every
 * migration this build ships is applied (the job queue's schema at the pinned pg-boss version
 * included) and the instance is not draining after SIGTERM; 503
 * otherwise, with each check's state (lib/health.ts). Rolling restarts and deploy scripts wait on it.
 */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(readiness, {
    status: readiness.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
