import { JOBS } from "@/jobs";
import { checkDatabase, jobsHealth } from "@/lib/health";

export const dynamic = "force-dynamic";

/**
 * Liveness plus a database round trip: load balancers and the e2e runner wait on it, and its status
 * is the database's alone. It also lists each periodic job's last start, success and failure and
 * whether it is overdue (public: no error text, which admins read in the inbox).
 */
export async function GET() {
  const database = await checkDatabase();
  const jobs = database ? await jobsHealth(JOBS) : null;
  return Response.json(
    { status: database ? "ok" : "unavailable", ...(jobs ? { jobs } : {}) },
    { status: database ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
