import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { decideOsmLink } from "@/features/osm/server/admin-osm";
import { handle, json, readJson, translated } from "@/lib/http/answers";

type Context = { params: Promise<{ id: string }> };

/** `{ link: serviceId | null }`: links the imported place to an owner's listing, or separates it. */
export async function PUT(request: NextRequest, { params }: Context) {
  return handle(request, async () => {
    const { message } = await decideOsmLink(await getViewer(), (await params).id, await readJson(request));
    return json({ message: translated(request, message) });
  });
}
