import type { NextRequest } from "next/server";

import { asciiUrl } from "@/lib/security/malformed-url";

/**
 * The page's address as it is handed to next-intl and Next, with what they would turn into a 500
 * written differently (the same address for the page):
 *
 * - next-intl 4.14.8's middleware decodes the path once (decodeURI) and rewrites to the result, so
 *   an encoded "%" (an admin search for "50%" is /admin/users/search/50%25) reached Next as a bare
 *   "%" that it cannot decode. Encoded once more, the rewrite carries the path as the browser sent
 *   it. tests/e2e/xss.spec.ts ("search boxes and URL parameters…", "100% <b>") fails without it;
 *   the "still needed" case in locale-routing.test.ts fails once next-intl no longer decodes.
 * - /login and /register send a signed-in visitor on to ?redirect=, and Node 20 refuses to put a
 *   character above U+00FF in a Location header (ERR_INVALID_CHAR, a 500): "/%E3%80%82evil" it
 *   can, and it is the same path as "/。evil" on this site. tests/e2e/security.spec.ts ("a redirect
 *   target beyond ASCII…") fails without it; the "still needed" case in malformed-url.test.ts
 *   fails once Node takes such a header.
 */
export function addressForNext(address: NextRequest["nextUrl"]): NextRequest["nextUrl"] {
  const url = address.clone();
  if (url.pathname.includes("%25")) url.pathname = url.pathname.replaceAll("%25", "%2525");
  const target = url.searchParams.get("redirect");
  if (target && /[^\u0000-\u007f]/u.test(target)) url.searchParams.set("redirect", asciiUrl(target));
  return url;
}
