/**
 * The part of the environment the browser sees too. Next writes the values of
 * `process.env.NODE_ENV` and `process.env.NEXT_PUBLIC_*`, in exactly that form, into the code when
 * it builds it, for the browser and the server alike: read anywhere else (lib/env.ts reads the
 * running process), a value could differ from the one the browser got. So modules shared with the
 * browser (the session cookie's name, the map's tiles) read them here, and nothing here may be a
 * secret. No "@/" imports: next.config.ts loads lib/security/csp.ts, which imports this.
 */
export const DEFAULT_MAP_TILES_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

export const publicEnv = Object.freeze({
  /** A production build (`next build`); `next dev` and Vitest are not. */
  production: process.env.NODE_ENV === "production",
  /** Checked at server start with the rest (lib/env.ts). */
  NEXT_PUBLIC_MAP_TILES_URL: process.env.NEXT_PUBLIC_MAP_TILES_URL || DEFAULT_MAP_TILES_URL,
  /** When this build was made (set by next.config.ts, not read from the environment): the service worker's version. */
  buildStamp: process.env.NEXT_PUBLIC_BUILD_STAMP || "dev",
});
