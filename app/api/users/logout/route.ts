import type { NextRequest } from "next/server";
import { handle, json } from "@/lib/server/http";
import { sessionCookie } from "@/lib/server/session";

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    const response = json({ message: "ok" });
    response.cookies.set(sessionCookie(""));
    return response;
  });
}
