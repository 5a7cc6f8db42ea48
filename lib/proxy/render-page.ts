import type { ProxyContext } from "./step";

/** The page as next-intl routed it (locale-routing.ts): Next renders it, putting the policy's nonce on its scripts. */
export function renderPage(_request: unknown, { routed }: ProxyContext) {
  return routed;
}
