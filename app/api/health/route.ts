import { checkDatabase } from "@/lib/health";

export const dynamic = "force-dynamic";

/** Liveness plus a database round trip: load balancers and the e2e runner wait on it. */
export async function GET() {
  const database = await checkDatabase();
  return Response.json({ status: database ? "ok" : "unavailable" }, { status: database ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
