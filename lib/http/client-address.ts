import "server-only";

import { createHash } from "node:crypto";

import { env } from "@/lib/env";

/**
 * The client address every per-address limit and next-auth see. Only hops we run may speak:
 * with TRUSTED_PROXY_HOPS=N, the address is the N-th X-Forwarded-For entry from the right (the one
 * our outermost proxy appended; whatever the client wrote sits to its left and is ignored). With 0
 * (the default) the header is not trusted at all and every request counts as one address, which
 * is why production belongs behind a proxy that sets it.
 */
export const UNKNOWN_ADDRESS = "direct";
const IP = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:.]{2,45})$/i;

type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export function clientAddress(headers: HeaderSource, hops = env.TRUSTED_PROXY_HOPS): string {
  if (hops === 0) return UNKNOWN_ADDRESS;
  const raw = readHeader(headers, "x-forwarded-for");
  if (!raw) return UNKNOWN_ADDRESS;
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than hops: the request skipped part of our chain, so its leftmost entry is the best we have.
  const entry = entries[Math.max(0, entries.length - hops)];
  if (!entry) return UNKNOWN_ADDRESS;
  // Keys stay short and printable whatever a proxy passes on.
  return IP.test(entry) ? entry.toLowerCase() : `h:${createHash("sha256").update(entry).digest("hex").slice(0, 32)}`;
}

function readHeader(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === "function")
    return (headers as { get(name: string): string | null }).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join(",") : (value ?? null);
}
