import NextAuth from "next-auth";
import { NextRequest } from "next/server";

import { authOptions } from "@/features/accounts/server/next-auth";
import { answerErrors, parseJson, readCapped } from "@/lib/http/answers";
import { AppError } from "@/lib/http/errors";

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth's forms are a few hundred bytes; it reads bodies whole, so the cap comes first. */
const MAX_BODY_BYTES = 16 * 1024;

// next-auth 4.24.15 reads `params` synchronously; Next 16.4.6 hands route params over as a promise.
// Goes with a next-auth that takes the promise (tests/integration/accounts/next-auth-bodies.test.ts
// signs in through this route).
async function run(request: Request, context: Context) {
  return NextAuth(request as never, { params: await context.params } as never, authOptions());
}

export async function GET(request: NextRequest, context: Context) {
  return answerErrors(request, () => run(request, context));
}

/**
 * next-auth 4.24.15's `_log` action writes whatever a client POSTs into the server's log through the
 * logger (its next-auth/react client reports there); this site does not use that client, so the
 * action would only let anyone forge log lines.
 */
const CLIENT_LOG = "_log";

/**
 * The POST actions next-auth has for the credentials provider. Its others answer a POST with a bare
 * text 400 ("This action with HTTP POST is not supported", or "[object Object]" for a session
 * update without its CSRF token, which this site never sends): refused here as an unknown route,
 * in the API's translated error body, like the client log action above.
 */
const POST_ACTIONS = new Set(["signin", "callback", "signout"]);

/**
 * POST (sign-in, sign-out) keeps next-auth's own CSRF token: it does not go through handle()'s
 * JSON-only rule, since next-auth's forms are url-encoded, only through its error answers. next-auth
 * parses a body whose type names JSON and throws on one that is not (a bare 500), so such a body is
 * read here first and refused with the API's translated 400; an empty one is no body at all.
 */
export async function POST(request: NextRequest, context: Context) {
  return answerErrors(request, async () => {
    const body = await readCapped(request, MAX_BODY_BYTES, "Validation.tooLarge");
    if (body.byteLength && request.headers.get("content-type")?.includes("application/json")) parseJson(body);
    const action = (await context.params).nextauth[0] ?? "";
    if (action === CLIENT_LOG || !POST_ACTIONS.has(action)) throw new AppError(404, "Api.notFound");
    return run(
      new NextRequest(request.url, {
        method: "POST",
        headers: request.headers,
        body: body.byteLength ? body : undefined,
      }),
      context,
    );
  });
}
