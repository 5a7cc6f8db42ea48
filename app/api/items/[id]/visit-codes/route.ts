import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { issueVisitCode } from "@/features/reviews/server/visit-codes";
import { handle, json } from "@/lib/http/answers";

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => json(await issueVisitCode(await getViewer(), (await params).id), { status: 201 }));
}
