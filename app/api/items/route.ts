import type { NextRequest } from "next/server";
import { BadRequestError } from "@/lib/http/errors";
import { handle, json } from "@/lib/http/answers";
import { listServices } from "@/features/catalog/server/list";
import { parseItemsQuery } from "@/features/catalog/items-query";

export async function GET(request: NextRequest) {
  return handle(request, async () => {
    const parsed = parseItemsQuery(request.nextUrl.searchParams);
    if (!parsed.ok) throw new BadRequestError(parsed.issues);
    const { items, page, pages } = await listServices(parsed.query);
    return json({ items, page, pages });
  });
}
