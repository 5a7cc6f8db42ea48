import "server-only";

import { createHash, randomBytes } from "node:crypto";

import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";

/**
 * Single-use links sent by mail: 256 random bits in the link, only their SHA-256 stored, each
 * with a purpose and an expiry. Issuing one voids the user's earlier links of the same purpose.
 */
type Tx = Prisma.TransactionClient;
export type TokenPurpose = "confirm_email" | "password_reset" | "change_email";

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  confirm_email: 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
  change_email: 24 * 60 * 60_000,
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function issueToken(tx: Tx, userId: string, purpose: TokenPurpose, email?: string): Promise<string> {
  await tx.emailToken.deleteMany({ where: { userId, purpose } });
  const token = randomBytes(32).toString("base64url");
  await tx.emailToken.create({
    data: {
      userId,
      purpose,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
    },
  });
  return token;
}

/**
 * Uses a token once, inside the caller's transaction: two clicks at once cannot both succeed,
 * because only one of them flips usedAt. Anything wrong (malformed, unknown, used, expired, other
 * purpose) is the same 400 with `invalidKey`.
 */
export async function consumeToken(tx: Tx, token: unknown, purpose: TokenPurpose, invalidKey: string) {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) throw new AppError(400, invalidKey);
  const now = new Date();
  const tokenHash = hashToken(token);
  const used = await tx.emailToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (used.count !== 1) throw new AppError(400, invalidKey);
  return tx.emailToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true, email: true } });
}

/**
 * Whose a token is, without using it: for a link that needs more proof (a password) before it may
 * be used, so a wrong password does not spend it. Null for anything consumeToken() would refuse.
 */
export async function peekToken(db: Pick<Tx, "emailToken">, token: unknown, purpose: TokenPurpose) {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  return db.emailToken.findFirst({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
    select: { userId: true, email: true },
  });
}
