import { publicEnv } from "@/lib/public-env";

/**
 * Every cookie the site sets carries Secure in a production build, whatever APP_URL says, so none
 * travels over plain http (the session cookie, its hint, the language). Browsers treat
 * http://localhost as secure, so a production build still works there; `next dev` over plain http
 * on another host would lose them, so development leaves them out.
 */
export const COOKIES_SECURE = publicEnv.production;

/**
 * `secure: true` to spread into cookie options, or nothing: next-intl writes the language cookie
 * in the browser from its options, and writes any `secure` key, false too, as the Secure attribute.
 */
export const SECURE_ATTRIBUTE: { secure?: true } = COOKIES_SECURE ? { secure: true } : {};
