import "server-only";
import { createHmac } from "node:crypto";

/**
 * The secret every instance shares (production refuses to start without it, see
 * lib/production-config.ts); development falls back to a fixed one.
 */
export function appSecret(): string {
  return process.env.NEXTAUTH_SECRET ?? "maister-development-only";
}

/** A keyed hash: stands in for who someone is (an account, an address) without storing it. */
export function keyedHash(purpose: string, value: string): string {
  return createHmac("sha256", appSecret()).update(`${purpose}|${value}`).digest("hex");
}
