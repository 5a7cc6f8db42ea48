/**
 * The claim rules that the panel and the server share (free of zod, like the other rules files):
 * how long a message may be, how the one-time code looks and for how long and how often it counts.
 */
export const CLAIM_MESSAGE_MAX = 1000;
/** An admin's reason for a rejection (the column's size). */
export const CLAIM_REASON_MAX = 500;

/** The one-time code to the place's e-mail: six digits, a quarter of an hour, five wrong tries in all. */
export const CLAIM_CODE_LENGTH = 6;
export const CLAIM_CODE_TTL_MS = 15 * 60_000;
export const CLAIM_CODE_MAX_TRIES = 5;

/**
 * A verified claim holds the place for its claimant to pay the fee, for this long from its
 * verification. Unpaid by then it lapses (rejected with AUTO_REASONS.notPaidInTime, the claimant
 * mailed), so someone who proved a place and walked away cannot keep its real owner out for ever.
 */
export const CLAIM_PAY_DAYS = 7;
export const CLAIM_PAY_WINDOW_MS = CLAIM_PAY_DAYS * 24 * 60 * 60_000;

/**
 * A payment its claimant started while the claim held the place may still be settling when the 7
 * days end (a monobank invoice or an approved PayPal order waiting for its webhook or the sweep):
 * the claim does not lapse under it until the payment is this old, the day both providers' sweeps
 * give up after (features/payments/server). Then the capture still makes the place theirs.
 */
export const CLAIM_PAYMENT_SETTLE_MS = 24 * 60 * 60_000;

/** Whether a claim verified at `verifiedAt` still holds the place at `now`. */
export function claimHoldsAt(verifiedAt: Date | null, now: Date): boolean {
  return verifiedAt !== null && now.getTime() - verifiedAt.getTime() < CLAIM_PAY_WINDOW_MS;
}

/** The same rule for a query: a verified claim holds the place while verified after this moment. */
export function holdingCutoff(now: Date): Date {
  return new Date(now.getTime() - CLAIM_PAY_WINDOW_MS);
}

/**
 * What a service page knows of its visitor for the claim box (features/claims/components/claim-panel.tsx):
 * whether they are signed in, and whether the listing is theirs, so its owner gets their own box from
 * the first paint. A page rendered for the page cache knows nobody and passes "unknown" instead.
 */
export type ClaimVisitor = { signedIn: boolean; yours: boolean };

export function claimVisitorOf(viewerId: string | null, ownerId: string | null): ClaimVisitor {
  return { signedIn: viewerId !== null, yours: viewerId !== null && viewerId === ownerId };
}

/** Claims still in play: at most one of them per person and place. */
export const OPEN_CLAIM_STATUSES = ["code_sent", "pending", "verified"] as const;

/**
 * A@example.com → a***@example.com: the panel tells the claimant which mailbox to look in without
 * handing the address of the place to whoever asks.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

/** Reasons the site itself writes on a claim (as message keys), translated where they are shown. */
export const AUTO_REASONS = {
  tooManyTries: "Claims.autoReason.tooManyTries",
  otherApproved: "Claims.autoReason.otherApproved",
  notPaidInTime: "Claims.autoReason.notPaidInTime",
} as const;
