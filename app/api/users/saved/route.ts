import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { addSaved, listSaved, mergeSaved } from "@/features/saved/server/saved";
import { handle, json, readJson } from "@/lib/http/answers";

/** The signed-in person's Saved list, with each service's status now. */
export async function GET(request: NextRequest) {
  return handle(request, async () => json(await listSaved(await getViewer())));
}

/** One service saved: { id }. */
export async function POST(request: NextRequest) {
  return handle(request, async () => json(await addSaved(await getViewer(), await readJson(request))));
}

/** The device's list merged into the account's: { ids }; answers the list after it and what did not fit. */
export async function PUT(request: NextRequest) {
  return handle(request, async () => json(await mergeSaved(await getViewer(), await readJson(request))));
}
