import type { NextRequest } from "next/server";
import { BadRequestError, isUuid } from "@/lib/server/errors";
import { handle, json } from "@/lib/server/http";
import { getPublicService } from "@/lib/server/services/detail";

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const { id } = await params;
    if (!isUuid(id)) throw new BadRequestError({ id: "Validation.id" });
    return json(await getPublicService(id));
  });
}
