import { getViewer } from "@/features/accounts/server/session";
import { healthJobsFor } from "@/features/admin/server/jobs";
import { JOBS } from "@/jobs";
import { checkDatabase } from "@/lib/health";

export const dynamic = "force-dynamic";

/**
 * Liveness plus a database round trip: load balancers and the e2e runner wait on it, and its status
 * is the database's alone. A signed-in admin also gets each periodic job's last start, success and
 * failure and whether it is overdue (no error text, which admins read in the inbox).
 */
export async function GET() {
  const database = await checkDatabase();
  // The session is read only with the database up: a visitor's answer must not wait on it.
  const jobs = database ? await healthJobsFor(await getViewer().catch(() => null), JOBS) : null;
  return Response.json(
    { status: database ? "ok" : "unavailable", ...(jobs ? { jobs } : {}) },
    { status: database ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
