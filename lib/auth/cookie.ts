/**
 * The session cookie, shared by the data layer and the proxy (which cannot import server-only
 * code). In production it is `__Host-` and Secure whatever APP_URL says: the browser then refuses
 * it over plain http and from any subdomain. Browsers treat http://localhost as secure, so a
 * production build still works there.
 */
const production = process.env.NODE_ENV === "production";
export const SESSION_COOKIE = production ? "__Host-maister.session" : "maister.session";
export const SESSION_COOKIE_SECURE = production;
