import { NextResponse, type NextRequest } from "next/server";

import { guardedPagesToLogin } from "@/features/accounts/proxy/guarded-pages";
import { withSignedInHint } from "@/features/accounts/proxy/signed-in-hint";
import { contextOf, runInContext } from "@/lib/http/request-context";
import { homeAtRoot } from "@/lib/proxy/home-at-root";
import { languageFromQuery } from "@/lib/proxy/language-choice";
import { routeLocale } from "@/lib/proxy/locale-routing";
import { refuseMalformedAddress } from "@/lib/proxy/malformed-address";
import { passOnWhatIsNotAPage } from "@/lib/proxy/not-a-page";
import { answerOutage } from "@/lib/proxy/outage-page";
import { answerFromPageCache } from "@/lib/proxy/page-cache-read";
import { refuseOtherMethods } from "@/lib/proxy/page-methods";
import { pagePolicy } from "@/lib/proxy/page-policy";
import { renderPage } from "@/lib/proxy/render-page";
import { firstAnswer, proxyContext, type ProxyStep } from "@/lib/proxy/step";

/** Until one of them answers, in this order: what is not a page to render, and where a visitor is sent instead. */
const BEFORE_THE_PAGE: readonly ProxyStep[] = [
  refuseMalformedAddress,
  passOnWhatIsNotAPage,
  refuseOtherMethods,
  languageFromQuery,
  homeAtRoot,
  guardedPagesToLogin,
  answerOutage,
];

/** The page: its policy and nonce, its language, then the page cache or Next's rendering. */
const THE_PAGE: readonly ProxyStep[] = [pagePolicy, routeLocale, answerFromPageCache, renderPage];

/**
 * Each step is a module of lib/proxy that says what it does and why. They run in the request's
 * context, so their log lines carry its id, which every answer echoes (lib/http/request-id.ts).
 */
export default async function proxy(request: NextRequest) {
  const context = proxyContext(request);
  const answer = await runInContext({ ...contextOf(request), requestId: context.requestId }, async () => {
    const early = await firstAnswer(BEFORE_THE_PAGE, request, context);
    if (early) return early;
    return withSignedInHint(request, (await firstAnswer(THE_PAGE, request, context)) ?? NextResponse.next());
  });
  answer.headers.set("X-Request-Id", context.requestId);
  return answer;
}

// Pages: files are skipped by their extension, not by "any dot" (an admin search for an e-mail
// address, /admin/users/search/jane.doe@example.com, is a page and needs its locale). Every other
// path (API, Next's own, files such as /sitemap/0.xml) only when it holds a "%": a malformed escape
// there is a 400 instead of Next's 500, while every other API call skips the proxy (Next 16.4.6
// buffers the body of every request its proxy sees: proxyClientMaxBodySize). And Next's image
// optimizer, for the escapes in its `url`. lib/proxy/matcher.test.ts compiles this with Next's own code.
export const config = {
  matcher: [
    "/((?!api|_next|_vercel|.*\\.(?:ico|png|jpe?g|gif|webp|svg|txt|xml|json|js|css|map|woff2?|webmanifest)$).*)",
    "/(.*%.*)",
    "/_next/image",
  ],
};
