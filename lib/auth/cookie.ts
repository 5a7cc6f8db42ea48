/** The session cookie's name, shared by the data layer and the proxy (which cannot import server-only code). */
export const SESSION_COOKIE = "maister.session";
