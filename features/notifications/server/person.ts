import "server-only";

import { AppError } from "@/lib/http/errors";

/**
 * The signed-in person a notification setting belongs to. Notifications sit on the lowest floor of
 * the features (eslint.config.mjs), below accounts, because the account's own mails go through
 * notify too; so they cannot import accounts' Viewer and guards. The routes pass getViewer()'s
 * viewer (blocked accounts and ended sessions are already null there), which has this shape, and
 * signedIn() is the "signedIn" rule of features/accounts/server/guards.ts: a person, else 401.
 */
export type Person = { id: string; isAdmin: boolean };

export function signedIn(viewer: Person | null): asserts viewer is Person {
  if (!viewer) throw new AppError(401, "Auth.signInRequired");
}
