import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { getViewer } from "@/lib/server/session";
import { issueVisitCode } from "@/lib/server/visit-codes";

export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => json(await issueVisitCode(await getViewer(), (await params).id), { status: 201 }));
}
