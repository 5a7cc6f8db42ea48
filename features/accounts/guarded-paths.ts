import { splitLocale } from "@/lib/http/locale-path";

/** The access rules of spec §2, checked for real by features/accounts/server/guards.ts. */
export type AccessRule = "signedIn" | "mechanic" | "noMechanic" | "stationOwner" | "admin";

/** Spec §2: which pages need which rule. Paths are without the /ua prefix. */
const RULES: [prefix: string, rule: AccessRule][] = [
  ["/profile", "signedIn"],
  ["/addservice", "signedIn"],
  ["/placeorder", "signedIn"],
  ["/mechanicregister", "noMechanic"],
  ["/mechanic-profile", "mechanic"],
  ["/mystos", "stationOwner"],
  // A driver's requests for a price and a service's inbox of them; the data layer says whose.
  ["/requests", "signedIn"],
  ["/admin", "admin"],
];

/** The guarded pages' paths (each with everything under it), for robots.txt. */
export const GUARDED_PATHS = RULES.map(([prefix]) => prefix);

export function ruleForPath(pathname: string): AccessRule | null {
  const { path } = splitLocale(pathname);
  return RULES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? null;
}

/** The reason an admin without the second factor is sent to /profile with, to turn it on. */
export const MFA_ENROL_REASON = "mfaEnrol";
/** The reason an admin with it on, whose session never proved it, is sent to /profile with: sign in again. */
export const MFA_SIGN_IN_AGAIN_REASON = "mfaSignInAgain";
export type GuardReason = AccessRule | typeof MFA_ENROL_REASON | typeof MFA_SIGN_IN_AGAIN_REASON;

const REASONS = new Set<string>([...RULES.map(([, rule]) => rule), MFA_ENROL_REASON, MFA_SIGN_IN_AGAIN_REASON]);

/**
 * The `reason` a guard's redirect puts on the page it sends the visitor to: the rule that refused
 * them, "signedIn" when nobody was signed in, "mfaEnrol" for an admin who must turn on the second
 * factor, or "mfaSignInAgain" for one whose session must sign in again with it. Anything else in
 * the address is ignored.
 */
export function guardReason(value: string | string[] | undefined): GuardReason | null {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw && REASONS.has(raw) ? (raw as GuardReason) : null;
}
