import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decode, encode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { cache } from "react";
import { SESSION_COOKIE } from "@/lib/auth/cookie";
import { getPrisma } from "./db";

/** The signed-in person as the UI needs them; never carries secrets. */
export type Viewer = {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  imageUrl: string | null;
  hasMechanicProfile: boolean;
  ownsStations: boolean;
};

export { SESSION_COOKIE };
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

let secret: string | null = null;

/**
 * NEXTAUTH_SECRET in production. Without it (a fresh checkout) a random secret is made once and
 * kept in .data/, so sessions survive restarts and nothing has to be configured.
 */
export function sessionSecret(): string {
  if (secret) return secret;
  if (process.env.NEXTAUTH_SECRET) return (secret = process.env.NEXTAUTH_SECRET);
  const file = path.join(process.cwd(), ".data", "session-secret");
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}

/** next-auth's JWT (encrypted), the same token its credentials provider issues. */
export function createSessionToken(user: { _id: string; name: string; email: string; tokenVersion: number }): Promise<string> {
  return encode({ token: { sub: user._id, name: user.name, email: user.email, v: user.tokenVersion }, secret: sessionSecret(), maxAge: SESSION_MAX_AGE_S });
}

export function sessionCookie(value: string) {
  return {
    name: SESSION_COOKIE,
    value,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: process.env.NODE_ENV === "production" && (process.env.APP_URL ?? "").startsWith("https:"),
    path: "/",
    maxAge: value ? SESSION_MAX_AGE_S : 0,
  };
}

/**
 * The current viewer, checked against the database on every request: a user blocked, deleted,
 * or whose password or e-mail changed since the token was issued is anonymous from then on.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const raw = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!raw) return null;
  const token = await decode({ token: raw, secret: sessionSecret() }).catch(() => null);
  if (!token?.sub || typeof token.v !== "number") return null;
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({
    where: { id: token.sub },
    include: { mechanic: { select: { id: true } }, _count: { select: { services: { where: { role: "sto", isPaid: true } } } } },
  });
  if (!user || user.isBlocked || !user.emailVerifiedAt || user.tokenVersion !== token.v) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    imageUrl: user.imageId ? `/api/uploads/${user.imageId}` : null,
    hasMechanicProfile: Boolean(user.mechanic),
    ownsStations: user._count.services > 0,
  };
});
