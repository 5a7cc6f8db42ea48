import type { NextRequest } from "next/server";

import { parseItemsQuery } from "@/features/catalog/items-query";
import { listServices } from "@/features/catalog/server/list";
import { handle, json } from "@/lib/http/answers";
import { BadRequestError } from "@/lib/http/errors";

export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const parsed = parseItemsQuery(request.nextUrl.searchParams);
    if (!parsed.ok) throw new BadRequestError(parsed.issues);
    const { items, page, pages } = await listServices(parsed.query);
    return json({ items, page, pages });
  });
}
