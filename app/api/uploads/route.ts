import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { saveImage } from "@/lib/server/images";
import { getViewer } from "@/lib/server/session";

export async function POST(request: NextRequest) {
  return handle(request, async () => json(await saveImage(await getViewer(), request), { status: 201 }), { accept: "multipart" });
}
