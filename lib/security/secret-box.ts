import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

import { env } from "@/lib/env";

/**
 * Short secrets the server must read back (an authenticator secret), stored sealed: AES-256-GCM
 * under a key derived from APP_SECRET (HKDF-SHA256), a fresh 96-bit nonce per sealing. A copy of the
 * database alone does not give them away, and a sealed value changed in the database does not open.
 * A new APP_SECRET cannot open what the old one sealed (docs/security.md says what that means).
 *
 * It reads APP_SECRET from lib/env.ts rather than app-secret.ts, whose "server-only" marker keeps
 * it out of plain scripts: the demo seed (run by tsx, outside Next) seals the demo admin's secret.
 */
const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", env.APP_SECRET, "", "maister secret-box v1", 32));
}

export function sealSecret(plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(), nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** The sealed secret, or null when it is not one this APP_SECRET sealed (or it was changed). */
export function openSecret(sealed: string): string | null {
  const [version, data] = sealed.split(":");
  if (version !== VERSION || !data) return null;
  const bytes = Buffer.from(data, "base64url");
  if (bytes.length <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
