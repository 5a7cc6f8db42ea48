import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { getJob } from "@/features/requests/job/server/job";
import { handle, json } from "@/lib/http/answers";

/** The job of an accepted request: the agreed price, extra work, the end, what the viewer may do. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    return json(await getJob(await getViewer(), id));
  });
}
