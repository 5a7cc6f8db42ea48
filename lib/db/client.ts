import type { PrismaClient } from "@/lib/generated/prisma/client";

import { openDatabase, type Database } from "./connection";

/**
 * The process-wide database, opened on first use (never at import, so `next build` does not
 * touch it) and kept on globalThis: Next 16.4.6 loads this module once per server bundle (and again
 * on a dev reload), and PGlite must be opened once per process.
 */
const holder = globalThis as typeof globalThis & {
  __maisterDb?: Promise<Database>;
  __maisterDbBeforeClose?: Set<() => Promise<void>>;
};

export function getDatabase(): Promise<Database> {
  holder.__maisterDb ??= openDatabase().catch((error: unknown) => {
    holder.__maisterDb = undefined;
    throw error;
  });
  return holder.__maisterDb;
}

/**
 * Runs `fn` before the process-wide database closes (once): whatever holds the connection with
 * timers of its own (the job queue) stops first, rather than failing on a closed pool.
 */
export function beforeDatabaseClose(fn: () => Promise<void>): void {
  (holder.__maisterDbBeforeClose ??= new Set()).add(fn);
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.__maisterDb;
  holder.__maisterDb = undefined;
  const hooks = [...(holder.__maisterDbBeforeClose ?? [])];
  holder.__maisterDbBeforeClose?.clear();
  await Promise.allSettled(hooks.map((hook) => hook()));
  if (pending) await (await pending).close();
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}
