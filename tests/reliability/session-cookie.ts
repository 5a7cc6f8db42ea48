/**
 * The session cookie among a response's Set-Cookie values, as a Cookie header value. Production
 * builds name it __Host-maister.session; features/accounts/session-cookie.ts decides by this process's NODE_ENV,
 * not the server's, so the name is matched here.
 */
export function sessionCookieIn(setCookies: readonly string[]): string | null {
  return setCookies.find((value) => /^(__Host-)?maister\.session=/.test(value))?.split(";")[0] ?? null;
}
