import "server-only";

import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentRequest } from "@/lib/http/request-context";

/**
 * The security log: one structured line on the server's output and one row of `security_events`
 * per event, with the time, the account (when known), the client's address, user agent and the
 * request id (lib/http/request-context.ts). Admins filter it in the admin area; retention is in
 * features/admin/server/retention.ts. It never holds a secret, token, code or password, and an
 * e-mail address only masked (maskEmail).
 */
export const SECURITY_EVENT_KINDS = [
  "signIn.succeeded",
  "signIn.failed",
  /** The account's or the address's failures reached the delay or the cap. */
  "signIn.locked",
  /** Any throttle refused a request (a 429). */
  "throttle.hit",
  /** The API refused a request with a 401 or 403. */
  "access.refused",
  "password.changed",
  "password.reset",
  "email.changeRequested",
  "email.changed",
  "mfa.enabled",
  "mfa.disabled",
  "mfa.failed",
  "mfa.recoveryCodeUsed",
  "session.revoked",
  "admin.action",
  "webhook.forged",
  "webhook.replayed",
  /** A wrong code for claiming a listing; `locked` when it was the last try and the claim ended. */
  "claim.codeFailed",
] as const;

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

type Detail = string | number | boolean | null;
export type SecurityEventInput = {
  /** The account concerned; defaults to the request's signed-in account. */
  userId?: string | null;
  status?: number;
  details?: Record<string, Detail | undefined>;
};

// Whatever a caller passes, values under these names never reach the log.
const SECRET_NAME = /pass|token|secret|code|otp|cookie|authorization|signature/i;
// From the start of a word only, however long its local part: a match may not begin mid-word,
// which would leave the word's beginning in clear (and each word is scanned once).
const EMAIL = /(?<![^\s@])([^\s@])[^\s@]*@([^\s@]+)/g;
// A secret written into a text value under its own name (a link's ?token=…, "code: 123456").
const SECRET_IN_TEXT = /\b(token|code|otp|pass(?:word)?|secret)(\s*[=:]\s*)[^&\s]+/gi;

/** j•••@example.com: enough to see that attempts aim at one address, not the address itself. */
export function maskEmail(text: string): string {
  return text.replace(EMAIL, (_all, first: string, domain: string) => `${first}•••@${domain}`);
}

export function cleanDetails(details: SecurityEventInput["details"] = {}): Record<string, Detail> {
  const clean: Record<string, Detail> = {};
  for (const [name, value] of Object.entries(details)) {
    if (value === undefined || SECRET_NAME.test(name)) continue;
    clean[name.slice(0, 40)] =
      typeof value === "string" ? maskEmail(value).replace(SECRET_IN_TEXT, "$1$2•••").slice(0, 200) : value;
  }
  return clean;
}

type Tx = Pick<Prisma.TransactionClient, "securityEvent">;

/**
 * Records one event. With `tx` the row commits or rolls back with the change it records (an admin
 * action); without, a failure to store it (the database out of reach) leaves the log line and is
 * not the request's failure.
 */
export async function recordSecurityEvent(
  kind: SecurityEventKind,
  input: SecurityEventInput = {},
  tx?: Tx,
): Promise<void> {
  const context = currentRequest();
  const row = {
    kind,
    userId: input.userId === undefined ? (context?.userId ?? null) : input.userId,
    ip: context?.ip ?? "",
    userAgent: context?.userAgent ?? "",
    requestId: context?.requestId ?? "",
    method: context?.method ?? "",
    path: context?.path ?? "",
    status: input.status ?? null,
    details: cleanDetails(input.details),
  };
  console.info(JSON.stringify({ level: "info", type: "security", time: new Date().toISOString(), ...row }));
  if (context && (row.status === 401 || row.status === 403 || row.status === 429)) context.refusalRecorded = true;
  if (tx) {
    await tx.securityEvent.create({ data: row });
    return;
  }
  try {
    await (await getPrisma()).securityEvent.create({ data: row });
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        type: "security",
        msg: "security event not stored",
        kind,
        requestId: row.requestId,
        error: error instanceof Error ? error.message.split("\n").at(-1) : String(error),
      }),
    );
  }
}
