/**
 * One database failure reaches us in several shapes: Prisma's request errors, the driver adapter's
 * error (in meta.driverAdapterError, with PostgreSQL's SQLSTATE), plain errors of node-postgres and
 * of Node's sockets, each possibly wrapped as a cause. This walks all of them.
 */
export type ErrorEntry = { name?: unknown; code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown };

export function someInErrorChain(error: unknown, test: (entry: ErrorEntry) => boolean): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const entry = current as ErrorEntry & {
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
      errors?: unknown;
    };
    if (test(entry)) return true;
    pending.push(entry.cause, entry.meta?.driverAdapterError);
    if (Array.isArray(entry.errors)) pending.push(...entry.errors);
  }
  return false;
}

/** The error codes an entry carries (Prisma's, Node's, or PostgreSQL's SQLSTATE). */
export function codesOf(entry: ErrorEntry): string[] {
  return [entry.code, entry.originalCode].filter((code): code is string => typeof code === "string");
}
