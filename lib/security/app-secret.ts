import "server-only";

import { createHmac } from "node:crypto";

import { env } from "@/lib/env";

/**
 * The secret every instance shares, APP_SECRET (lib/env.ts: production refuses to start without
 * it, its old name NEXTAUTH_SECRET is still read; development falls back to a fixed one).
 */
export function appSecret(): string {
  return env.APP_SECRET;
}

/** A keyed hash: stands in for who someone is (an account, an address) without storing it. */
export function keyedHash(purpose: string, value: string): string {
  return createHmac("sha256", appSecret()).update(`${purpose}|${value}`).digest("hex");
}
