import { NextResponse, type NextRequest } from "next/server";

import { localizedPath } from "@/lib/http/locale-path";

import type { ProxyContext } from "./step";

/** The product has no page at the root: "/" and "/ua" open the home page of their language. */
export function homeAtRoot(request: NextRequest, { locale, path }: ProxyContext) {
  if (path !== "/") return undefined;
  const url = request.nextUrl.clone();
  url.pathname = localizedPath(locale, "/home");
  return NextResponse.redirect(url);
}
