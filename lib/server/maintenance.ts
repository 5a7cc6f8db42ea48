import "server-only";
import { getPrisma } from "./db";
import { TOKEN_TTL_MS } from "./email-tokens";
import { SESSION_IDLE_MS } from "./session";

/** Sign-ups never confirmed are removed after this, with their links. */
export const UNCONFIRMED_TTL_MS = TOKEN_TTL_MS.confirm_email;

/**
 * Deletes what has expired: sessions past their absolute or idle lifetime, used or expired
 * mailed links, throttle counters whose window ended, and sign-ups never confirmed within 24 h.
 * Idempotent, so any number of instances may run it at once.
 */
export async function purgeExpired(now = new Date()) {
  const prisma = await getPrisma();
  const sessions = await prisma.session.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lt: new Date(now.getTime() - SESSION_IDLE_MS) } }] } });
  const tokens = await prisma.emailToken.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }] } });
  const throttles = await prisma.throttle.deleteMany({ where: { expire: { lte: now } } });
  // Nothing else can hang off an unconfirmed account: it has never been able to sign in.
  const unconfirmed = await prisma.user.deleteMany({ where: { emailVerifiedAt: null, createdAt: { lt: new Date(now.getTime() - UNCONFIRMED_TTL_MS) } } });
  return { sessions: sessions.count, tokens: tokens.count, throttles: throttles.count, unconfirmed: unconfirmed.count };
}

const PURGE_EVERY_MS = 60 * 60_000;

/** Each server process purges once an hour (first after a minute); a failed run waits for the next. */
export function schedulePurges(): void {
  const run = () =>
    purgeExpired().then(
      (counts) => console.info(`[maintenance] purged ${JSON.stringify(counts)}`),
      (error) => console.warn(`[maintenance] purge failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  setTimeout(run, 60_000).unref();
  setInterval(run, PURGE_EVERY_MS).unref();
}
