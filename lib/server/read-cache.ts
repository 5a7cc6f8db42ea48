import "server-only";

/**
 * Public reads (lists, a service's page, the map) answered from memory for a few seconds. Many
 * visitors ask the same few questions at once ("near Kyiv, open now, best rated"), and the answers
 * only change when somebody writes. Every write that changes what visitors see goes through
 * changingCatalog(), which drops everything kept once the write is done, so this instance never
 * serves an answer older than the last write it made; other instances of the app catch up within
 * the keeping time at most. Identical questions arriving together share one database query.
 * READ_CACHE=off turns it off (the benchmark's floor measures the database without it).
 */
const DEFAULT_KEEP_MS = 10_000;
const MAX_ENTRIES = 500;

type Entry = { value: Promise<unknown>; until: number };
/**
 * On globalThis: route handlers and pages are bundled apart and each bundle gets its own copy of
 * this module, yet a write through the API must drop what the pages keep (the e2e review tests
 * caught a page showing its answer from before the review).
 */
const shared = globalThis as typeof globalThis & { __maisterReadCache?: { entries: Map<string, Entry>; listeners: Set<() => void> } };
const { entries, listeners } = (shared.__maisterReadCache ??= { entries: new Map(), listeners: new Set() });

function enabled(): boolean {
  return process.env.READ_CACHE !== "off";
}

export function rememberRead<T>(key: string, load: () => Promise<T>, keepMs = DEFAULT_KEEP_MS): Promise<T> {
  if (!enabled()) return load();
  const now = Date.now();
  const kept = entries.get(key);
  if (kept && kept.until > now) return kept.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  const entry: Entry = { value: load(), until: now + keepMs };
  entries.set(key, entry);
  // A failure is never kept: the next request asks the database again.
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.value as Promise<T>;
}

/** Other memories of the catalogue (kept totals, map answers) are dropped together with these. */
export function onCatalogChange(listener: () => void): void {
  listeners.add(listener);
}

export function catalogChanged(): void {
  entries.clear();
  for (const listener of listeners) listener();
}

/**
 * Runs a write to services, their hours or reviews, or to names shown with reviews, then drops
 * what was kept; also when the write fails, since it may have committed before the error.
 */
export async function changingCatalog<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    catalogChanged();
  }
}

/** The minute an answer is about: "open now" changes by the minute, so answers are kept per minute. */
export function minuteOf(instant: Date): number {
  return Math.floor(instant.getTime() / 60_000);
}
