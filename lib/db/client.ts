import type { PrismaClient } from "@/lib/generated/prisma/client";

import { openDatabase, type Database } from "./connection";

/**
 * The process-wide database, opened on first use (never at import, so `next build` does not
 * touch it) and kept on globalThis: Next 16.4.6 loads this module once per server bundle (and again
 * on a dev reload), and PGlite must be opened once per process.
 */
const holder = globalThis as typeof globalThis & { __maisterDb?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  holder.__maisterDb ??= openDatabase().catch((error: unknown) => {
    holder.__maisterDb = undefined;
    throw error;
  });
  return holder.__maisterDb;
}

export async function closeDatabase(): Promise<void> {
  const pending = holder.__maisterDb;
  holder.__maisterDb = undefined;
  if (pending) await (await pending).close();
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}
