import { createRequire } from "node:module";

import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { getPrisma } from "@/lib/db/client";

import { apiRequest, call, currentRequest } from "./request";

/** Helpers for the security tests: requests as a browser or an attacker sends them, mails, sessions. */

/** What a replayed cookie is worth: the status of a harmless write that needs a session. */
export async function profileStatus(cookie: string): Promise<number> {
  return (await call(profileRoute, apiRequest("PUT", "/api/users/profile", { body: { name: "Still Here" }, cookie })))
    .status;
}

/** Mails to an address, oldest first, optionally of one kind. */
export async function mailsTo(to: string, kind?: string) {
  const prisma = await getPrisma();
  return prisma.mailOutbox.findMany({
    where: { to, ...(kind ? { kind } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export async function lastMailTo(to: string, kind?: string) {
  const mail = (await mailsTo(to, kind)).at(-1);
  if (!mail) throw new Error(`no ${kind ?? ""} mail to ${to}`);
  return mail;
}

export function tokenIn(text: string): string {
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no token in: ${text}`);
  return token;
}

/**
 * next-auth's route handler reads cookies() and headers() through a CommonJS require of
 * next/headers, which vi.mock (ESM only) does not reach. This points that module's exports at the
 * request call() is running, as integration-setup.ts does for the app's own imports. Returns the
 * undo.
 */
export function serveNextHeadersToNextAuth(): () => void {
  const nextHeaders = createRequire(import.meta.url)("next/headers") as { cookies: unknown; headers: unknown };
  const original = { cookies: nextHeaders.cookies, headers: nextHeaders.headers };
  nextHeaders.cookies = async () => {
    if (!currentRequest.value) throw new Error("cookies() called outside a request: use call()");
    return currentRequest.value.cookies;
  };
  nextHeaders.headers = async () => currentRequest.value?.headers ?? new Headers();
  return () => Object.assign(nextHeaders, original);
}
