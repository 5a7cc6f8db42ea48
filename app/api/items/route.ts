import type { NextRequest } from "next/server";
import { BadRequestError } from "@/lib/server/errors";
import { handle, json } from "@/lib/server/http";
import { listServices } from "@/lib/server/services/list";
import { parseItemsQuery } from "@/lib/validation/items-query";

export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const parsed = parseItemsQuery(request.nextUrl.searchParams);
    if (!parsed.ok) throw new BadRequestError(parsed.issues);
    const { items, page, pages } = await listServices(parsed.query);
    return json({ items, page, pages });
  });
}
