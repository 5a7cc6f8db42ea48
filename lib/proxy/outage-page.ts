import type { Locale } from "next-intl";
import { NextResponse } from "next/server";

import { MESSAGES } from "@/i18n/messages";
import { databaseOutageActive, RETRY_AFTER_SECONDS } from "@/lib/db/outage";

import type { ProxyContext } from "./step";

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page the proxy answers with 503 while the database is away: no data and no scripts, only the
 * translated notice, a link to try again and a reload after Retry-After, so a visitor who waits
 * lands on the page they asked for. The link is empty (this very address): nothing from the
 * request is echoed.
 */
export function outagePage(locale: Locale): string {
  const messages = MESSAGES[locale];
  const { title, text, retry } = messages.Outage;
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>${escape(`${title} · ${messages.Metadata.productName}`)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#0f172a;background:#f8fafc}main{max-width:28rem;padding:2rem;text-align:center}a{display:inline-block;margin-top:1.5rem;padding:.625rem 1.25rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:500}</style>
</head><body><main role="alert"><h1>${escape(title)}</h1><p>${escape(text)}</p><a href="">${escape(retry)}</a></main></body></html>`;
}

/** While the database is away (lib/db/outage.ts), a page is answered 503 with the notice instead of being rendered into an error. */
export function answerOutage(_request: unknown, { locale }: ProxyContext) {
  if (!databaseOutageActive()) return undefined;
  return new NextResponse(outagePage(locale), {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(RETRY_AFTER_SECONDS),
    },
  });
}
