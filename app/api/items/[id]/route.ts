import type { NextRequest } from "next/server";

import { getPublicService } from "@/features/catalog/server/detail";
import { handle, json } from "@/lib/http/answers";
import { BadRequestError, isUuid } from "@/lib/http/errors";

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    if (!isUuid(id)) throw new BadRequestError({ id: "Validation.id" });
    return json(await getPublicService(id));
  });
}
