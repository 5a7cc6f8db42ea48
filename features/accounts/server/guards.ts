import "server-only";

import type { Locale } from "next-intl";
import { RedirectType } from "next/navigation";

import { MFA_ENROL_REASON, MFA_SIGN_IN_AGAIN_REASON, type AccessRule } from "@/features/accounts/guarded-paths";
import { redirect } from "@/i18n/navigation";
import { AppError } from "@/lib/http/errors";

import { getViewer, type Viewer } from "./session";

/*
 * The proxy only redirects visitors without a session cookie, for the UX; these checks are the
 * ones that count, for pages (redirect) and for the API and server actions (401/403).
 */

type Refusal = { status: 403 | 401; key: string; redirectTo: string; reason?: string };

export function refusal(viewer: Viewer | null, rule: AccessRule): Refusal | null {
  // Admins must have the second factor on before any admin page or call works: they enrol on
  // /profile. With it on, a session that never proved it (opened before it was turned on, or
  // before sessions recorded it) must sign in again, with a code.
  if (rule === "admin" && viewer?.adminAwaitingMfa)
    return viewer.mfaEnabled
      ? { status: 403, key: "Auth.mfaSignInAgain", redirectTo: "/profile", reason: MFA_SIGN_IN_AGAIN_REASON }
      : { status: 403, key: "Auth.mfaEnrolRequired", redirectTo: "/profile", reason: MFA_ENROL_REASON };
  if (rule === "admin")
    return viewer?.isAdmin
      ? null
      : { status: viewer ? 403 : 401, key: viewer ? "Auth.forbidden" : "Auth.signInRequired", redirectTo: "/login" };
  if (!viewer) return { status: 401, key: "Auth.signInRequired", redirectTo: "/login" };
  if (rule === "mechanic" && !viewer.hasMechanicProfile)
    return { status: 403, key: "Auth.mechanicRequired", redirectTo: "/" };
  if (rule === "noMechanic" && viewer.hasMechanicProfile)
    return { status: 403, key: "Auth.alreadyMechanic", redirectTo: "/" };
  if (rule === "stationOwner" && !viewer.ownsStations)
    return { status: 403, key: "Auth.stationOwnerRequired", redirectTo: "/" };
  return null;
}

/**
 * Whether the viewer acts as an admin where admins see more than others (a driver's request, a
 * thread): an admin whose session has not yet proved the second factor is refused the admin
 * pages, and so sees no more than anyone else here either.
 */
export const actsAsAdmin = (viewer: Viewer) => refusal(viewer, "admin") === null;

/** For the data layer: returns when the rule holds, else throws a 401/403 with a message key. */
export function requireAccess(viewer: Viewer | null, rule: AccessRule): asserts viewer is Viewer {
  const refused = refusal(viewer, rule);
  if (refused) throw new AppError(refused.status, refused.key);
}

/**
 * For pages: the viewer when the rule holds, else a redirect (history replaced) with the `reason`
 * the target page shows (app/_shell/guard-notice.tsx). A visitor sent to /login comes back
 * to `path` after signing in; "/" is the spec's target for the role guards, and also where /login
 * sends on a signed-in user at once (spec §2), so the admin guard sends them there directly.
 */
export async function guardPage(rule: AccessRule, path: string, locale: Locale): Promise<Viewer> {
  const viewer = await getViewer();
  const refused = refusal(viewer, rule);
  if (!refused) return viewer as Viewer;
  const target =
    refused.redirectTo === "/profile"
      ? `/profile?reason=${refused.reason}`
      : refused.redirectTo === "/" || viewer
        ? `/home?reason=${rule}`
        : `/login?redirect=${encodeURIComponent(path)}&reason=signedIn`;
  return redirect({ href: target, locale }, RedirectType.replace);
}
