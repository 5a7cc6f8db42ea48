import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { handle, readCapped } from "@/lib/server/http";

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's forms are a few hundred bytes; it reads bodies whole, so the cap comes first. */
const MAX_BODY_BYTES = 16 * 1024;

// next-auth 4 reads params synchronously; Next 16 hands them over as a promise.
async function run(request: Request, context: Context) {
  return NextAuth(request as never, { params: await context.params } as never, authOptions());
}

export async function GET(request: NextRequest, context: Context) {
  return run(request, context);
}

/**
 * POST (sign-in, sign-out) keeps next-auth's own CSRF token: it does not go through handle()'s
 * JSON-only rule, since next-auth's forms are url-encoded.
 */
export async function POST(request: NextRequest, context: Context) {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readCapped(request, MAX_BODY_BYTES, "Validation.tooLarge");
  } catch (error) {
    return handle(request, () => Promise.reject(error));
  }
  return run(new NextRequest(request.url, { method: "POST", headers: request.headers, body }), context);
}
