import type { NextRequest } from "next/server";

import { getViewer } from "@/features/accounts/server/session";
import { saveImage } from "@/features/uploads/server/images";
import { handle, json } from "@/lib/http/answers";

export async function POST(request: NextRequest) {
  return handle(request, async () => json(await saveImage(await getViewer(), request), { status: 201 }), {
    accept: "multipart",
  });
}
