import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { decideJob, markDone } from "@/features/requests/job/server/job";
import { handle, json, readJson } from "@/lib/http/answers";

/** The chosen shop marks the job done ({ finalPrice, note? }). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await markDone(await getViewer(), id, await readJson(request)));
  });
}

/** The driver confirms or disputes the job marked done ({ decision, reason? }). */
export async function PUT(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await decideJob(await getViewer(), id, await readJson(request)));
  });
}
