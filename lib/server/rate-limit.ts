import "server-only";
import { getPrisma } from "./db";

/**
 * Fixed-window counters in the database, so every app instance sees the same counts. A window
 * ends by itself: a throttled owner waits minutes, never forever.
 */
export type Limit = { max: number; windowMs: number };

export async function hit(key: string, limit: Limit, now = new Date()): Promise<{ allowed: boolean; count: number }> {
  const prisma = await getPrisma();
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limits (key, count, "windowStart", "updatedAt") VALUES (${key}, 1, ${now}, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits."windowStart" < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      "windowStart" = CASE WHEN rate_limits."windowStart" < ${windowStart} THEN ${now} ELSE rate_limits."windowStart" END,
      "updatedAt" = ${now}
    RETURNING count`;
  const count = Number(row?.count ?? 1);
  return { allowed: count <= limit.max, count };
}

export async function clear(key: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.rateLimit.deleteMany({ where: { key } });
}
