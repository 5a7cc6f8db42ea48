import { createRequire } from "node:module";
import type { NextRequest } from "next/server";
import { POST as loginRoute } from "@/app/api/users/login/route";
import { PUT as profileRoute } from "@/app/api/users/profile/route";
import { getPrisma } from "@/lib/db/client";
import { getViewer } from "@/lib/server/session";
import { call, currentRequest, makeRequest } from "./request";

/** Helpers for the security tests: requests as a browser or an attacker sends them, mails, sessions. */

type Options = { body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> };

/**
 * A request with a JSON body typed and measured as a real client sends it. The length matters:
 * handle() only checks the content type of a request that has a body (Content-Length or chunked),
 * and a Request built in a test carries neither unless told.
 */
export function apiRequest(method: string, path: string, { body, cookie, ip, headers = {} }: Options = {}): NextRequest {
  const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const base: Record<string, string> = {};
  if (text !== undefined) Object.assign(base, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
  if (cookie) base.cookie = cookie;
  if (ip) base["x-forwarded-for"] = ip;
  return makeRequest(path, { method, headers: { ...base, ...headers }, body: text });
}

/** A fresh client address per call (the tests stand behind one trusted proxy hop). */
export function addresses(prefix: string) {
  let n = 0;
  return () => {
    n++;
    return `${prefix}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
}

export const signInResponse = (email: string, password: string, ip: string) => call(loginRoute, apiRequest("POST", "/api/users/login", { body: { email, password }, ip }));

/** The session cookie of a successful sign-in, as a Cookie header value. */
export async function signInCookie(email: string, password: string, ip: string): Promise<string> {
  const response = await signInResponse(email, password, ip);
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return sessionCookieOf(response);
}

/** The value a response set for the session cookie, or null when it set none. */
export function setSessionValue(response: Response): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("maister.session="));
  return header ? decodeURIComponent(header.split(";")[0]!.slice("maister.session=".length)) : null;
}

export function sessionCookieOf(response: Response): string {
  const value = setSessionValue(response);
  if (!value) throw new Error("no session cookie set");
  return `maister.session=${value}`;
}

/** What a replayed cookie is worth: the status of a harmless write that needs a session. */
export async function profileStatus(cookie: string): Promise<number> {
  return (await call(profileRoute, apiRequest("PUT", "/api/users/profile", { body: { name: "Still Here" }, cookie }))).status;
}

export async function viewerOf(cookie: string) {
  return call(async () => Response.json(await getViewer()), makeRequest("/", { headers: { cookie } })).then((response) => response.json());
}

/** Mails to an address, oldest first, optionally of one kind. */
export async function mailsTo(to: string, kind?: string) {
  const prisma = await getPrisma();
  return prisma.mailOutbox.findMany({ where: { to, ...(kind ? { kind } : {}) }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
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
