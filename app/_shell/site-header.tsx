import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";

import { getPageSession } from "@/features/accounts/server/session";
import { SIGNED_IN_HINT_COOKIE } from "@/features/accounts/session-cookie";
import { Link } from "@/i18n/navigation";

import { HeaderNav } from "./header-nav";

/**
 * In a page rendered for the page cache the session is unknown: this script, run before the header
 * is parsed, marks a browser that holds a session cookie so that the links shown by guess (Sign in,
 * Sign up…) stay hidden until the header has asked who it is (app/globals.css, use-visitor.ts).
 */
const HINT_SCRIPT = `if(document.cookie.split("; ").some(function(c){return c.indexOf(${JSON.stringify(`${SIGNED_IN_HINT_COOKIE}=`)})===0}))document.documentElement.setAttribute("data-signed-in","")`;

export async function SiteHeader() {
  const [tm, session, requestHeaders] = await Promise.all([getTranslations("Metadata"), getPageSession(), headers()]);
  return (
    <header data-site-header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {session === "unknown" ? (
        <script nonce={requestHeaders.get("x-nonce") ?? undefined} dangerouslySetInnerHTML={{ __html: HINT_SCRIPT }} />
      ) : null}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap sm:px-6 lg:px-8">
        <Link href="/home" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
            M
          </span>
          {tm("productName")}
        </Link>
        <HeaderNav session={session} />
      </div>
    </header>
  );
}
