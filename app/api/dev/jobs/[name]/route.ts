import type { NextRequest } from "next/server";

import { JOBS } from "@/jobs";
import { env } from "@/lib/env";
import { handle, json } from "@/lib/http/answers";
import { BadRequestError, NotFoundError } from "@/lib/http/errors";

/**
 * Development and the end-to-end server only (DEV_JOB_TRIGGER in production; a 404 otherwise):
 * runs one periodic job now, in this request, as at `?at=` (an ISO time; now if not given), so a
 * browser test can see what a job does hours ahead (a booking's reminders) without waiting.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ name: string }> }) {
  return handle(request, async () => {
    if (env.NODE_ENV === "production" && !env.DEV_JOB_TRIGGER) throw new NotFoundError();
    const { name } = await params;
    const job = JOBS.find((candidate) => candidate.name === name);
    if (!job) throw new NotFoundError();
    const at = request.nextUrl.searchParams.get("at");
    const now = at === null ? new Date() : new Date(at);
    if (Number.isNaN(now.getTime())) throw new BadRequestError({ at: "Validation.invalid" });
    return json({ name, result: (await job.run(now)) ?? null });
  });
}
