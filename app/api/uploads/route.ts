import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/http/answers";
import { saveImage } from "@/features/uploads/server/images";
import { getViewer } from "@/features/accounts/server/session";

export async function POST(request: NextRequest) {
  return handle(request, async () => json(await saveImage(await getViewer(), request), { status: 201 }), { accept: "multipart" });
}
