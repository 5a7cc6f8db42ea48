import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { claimListing, myClaim } from "@/features/claims/server/claim-listing";
import { handle, json, readJson, requestLocale } from "@/lib/http/answers";

/** The viewer's claim on the place: { claim, yours }. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => json(await myClaim(await getViewer(), (await params).id, requestLocale(request))));
}

/** Claims the place (or, for a claim waiting for its code, sends a new code). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    const claim = await claimListing(await getViewer(), id, await readJson(request), requestLocale(request));
    return json(claim, { status: 201 });
  });
}
