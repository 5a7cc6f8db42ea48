import "server-only";

import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentRequest } from "@/lib/http/request-context";
import { log } from "@/lib/log";

import { cleanText, maskEmail, SECRET_NAME } from "./redaction";

/**
 * The security log: one line of the server's log (lib/log.ts, `type: "security"`) and one row of `security_events`
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

export { maskEmail };

export function cleanDetails(details: SecurityEventInput["details"] = {}): Record<string, Detail> {
  const clean: Record<string, Detail> = {};
  for (const [name, value] of Object.entries(details)) {
    if (value === undefined || SECRET_NAME.test(name)) continue;
    clean[name.slice(0, 40)] = typeof value === "string" ? cleanText(value).slice(0, 200) : value;
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
  // The server log's line: the row's fields under type "security" (the request's own id and account
  // are the row's, and the row is already clean: cleanDetails, masked addresses).
  const line = log.child({ type: "security" });
  line.info(row, "security event");
  if (context && (row.status === 401 || row.status === 403 || row.status === 429)) context.refusalRecorded = true;
  if (tx) {
    await tx.securityEvent.create({ data: row });
    return;
  }
  try {
    await (await getPrisma()).securityEvent.create({ data: row });
  } catch (error) {
    line.warn(
      { kind, error: error instanceof Error ? error.message.split("\n").at(-1) : String(error) },
      "security event not stored",
    );
  }
}
