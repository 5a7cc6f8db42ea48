import "server-only";

import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { countOne } from "@/lib/telemetry/instruments";

import { bumpCatalogVersion, readCatalogVersion } from "./version";

/**
 * Public reads (lists, their totals, a service's page, the map) answered from memory for a few
 * seconds. Many visitors ask the same few questions at once ("near Kyiv, open now, best rated"),
 * and the answers only change when somebody writes. Every write that changes what visitors see
 * goes through changingCatalog(), which bumps the catalogue's version in the database and drops
 * everything kept here; before answering from memory every instance reads that version (one tiny
 * query) and drops what it kept when another instance has written since. So no instance serves an
 * answer older than a write some instance has acknowledged. If the version cannot be read
 * (database away), kept answers are still served until their keeping time ends. Identical
 * questions arriving together share one database query. READ_CACHE=off turns it off (the
 * benchmark's floor measures the database without it), except for what is marked evenWhenOff.
 */
const DEFAULT_KEEP_MS = 10_000;
const MAX_ENTRIES = 1000;

type Entry = { value: Promise<unknown>; until: number };
/**
 * On globalThis: Next 16.4.6 (Turbopack) bundles route handlers and pages apart and each bundle
 * gets its own copy of this module, yet a write through the API must drop what the pages keep
 * (tests/e2e/reviews-trust.spec.ts caught a page showing its answer from before the review).
 */
type Memory = { entries: Map<string, Entry>; version: bigint | null };
const shared = globalThis as typeof globalThis & { __maisterReadCache?: Memory };
const memory = (shared.__maisterReadCache ??= { entries: new Map(), version: null });
const { entries } = memory;

type Keeping<T> = {
  keepMs?: number;
  /** Whether this answer is worth keeping at all (a small total is cheap to count again). */
  keepIf?: (value: T) => boolean;
  /**
   * Kept under READ_CACHE=off too: reusing it is part of how the answer is computed (a large
   * list's total), not only a saving, so the benchmark's floor keeps it as well.
   */
  evenWhenOff?: boolean;
  /**
   * At most this many kept entries whose keys start like this one's (up to the first ":"), the
   * least recently used going first: for large answers (rendered pages), so that they cannot take
   * every place of the small ones.
   */
  maxOfKind?: number;
};

function enabled(): boolean {
  return env.READ_CACHE === "on";
}

export async function rememberRead<T>(key: string, load: () => Promise<T>, keeping: Keeping<T> = {}): Promise<T> {
  if (!enabled()) return load();
  await followOtherInstances();
  return keep(key, load, keeping);
}

/**
 * For a part of an answer loaded inside rememberRead() (a list's total): that call has just
 * caught up with the other instances, so the version is not asked again.
 */
export function rememberPartOfRead<T>(key: string, load: () => Promise<T>, keeping: Keeping<T> = {}): Promise<T> {
  return enabled() || keeping.evenWhenOff ? keep(key, load, keeping) : load();
}

function keep<T>(
  key: string,
  load: () => Promise<T>,
  { keepMs = DEFAULT_KEEP_MS, keepIf, maxOfKind }: Keeping<T>,
): Promise<T> {
  const now = Date.now();
  const kept = entries.get(key);
  const hit = kept !== undefined && kept.until > now;
  // By kind, the key up to its first ":" (list, service, page…): a handful of names the code chose.
  countOne("cache.lookups", "Read cache lookups, by kind and result (hit or miss)", {
    "cache.name": "read",
    "cache.kind": key.split(":")[0],
    "cache.result": hit ? "hit" : "miss",
  });
  if (hit) {
    // The least recently used goes first: a total that every list shares must outlive a flood of one-off questions.
    entries.delete(key);
    entries.set(key, kept);
    return kept.value as Promise<T>;
  }
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  if (maxOfKind !== undefined) makeRoomForKind(key, maxOfKind);
  const value = load();
  const entry: Entry = { value, until: now + keepMs };
  entries.set(key, entry);
  const forget = () => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  // A failure is never kept: the next request asks the database again.
  value.then((loaded) => {
    if (keepIf && !keepIf(loaded)) forget();
  }, forget);
  return value;
}

function makeRoomForKind(key: string, max: number): void {
  const kind = `${key.split(":")[0]}:`;
  const alike = [...entries.keys()].filter((kept) => kept.startsWith(kind));
  for (const oldest of alike.slice(0, Math.max(0, alike.length - max + 1))) entries.delete(oldest);
}

/** Drops what this instance kept. */
export function catalogChanged(): void {
  entries.clear();
}

/**
 * The database behind this process was replaced by another whose catalogue version starts over (a
 * restore, a test file's fresh copy): the version known here would otherwise hold off every newer
 * one below it.
 */
export function catalogReplaced(): void {
  memory.version = null;
  entries.clear();
}

/** Moves to a newer version only: a version read before another request's bump must not roll it back. */
function advanceTo(version: bigint): boolean {
  if (memory.version !== null && version <= memory.version) return false;
  memory.version = version;
  return true;
}

async function followOtherInstances(): Promise<void> {
  let version: bigint;
  try {
    version = await readCatalogVersion();
  } catch {
    return;
  }
  if (advanceTo(version)) catalogChanged();
}

/**
 * Runs a write to services, their hours or reviews, or to names shown with reviews, then tells
 * every instance (the version) and drops what was kept here; also when the write fails, since it
 * may have committed before the error. Done before the answer leaves, so once a client has its
 * answer no instance answers from before the write.
 */
export async function changingCatalog<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    await announceCatalogChange();
  }
}

/** For a write that committed outside changingCatalog(): tells every instance, then drops what this one kept. */
export async function announceCatalogChange(): Promise<void> {
  try {
    advanceTo(await bumpCatalogVersion());
  } catch (error) {
    // The database went away after the write: other instances catch up within their keeping time.
    log.warn({ area: "read-cache", err: error }, "could not bump the catalogue version");
  }
  catalogChanged();
}

/** The minute an answer is about: "open now" changes by the minute, so answers are kept per minute. */
export function minuteOf(instant: Date): number {
  return Math.floor(instant.getTime() / 60_000);
}
