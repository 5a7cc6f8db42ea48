"use client";

import { useEffect, useSyncExternalStore } from "react";
import { hasSignedInHint } from "@/lib/auth/cookie";
import type { PageSession, SessionView } from "@/lib/session-view";

/** The session of a page rendered for the page cache, asked once per page load and shared by the components that show it. */
type Asked = { state: "idle" | "asking" } | { state: "known"; viewer: SessionView | null };

let asked: Asked = { state: "idle" };
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settle(next: Asked) {
  asked = next;
  for (const listener of listeners) listener();
}

async function ask() {
  if (asked.state !== "idle") return;
  settle({ state: "asking" });
  try {
    const response = await fetch("/api/users/profile", { cache: "no-store" });
    const body = response.ok ? ((await response.json()) as { viewer: SessionView | null }) : null;
    // Without an answer the page goes on as for a visitor without a session: its links still work.
    settle({ state: "known", viewer: body?.viewer ?? null });
  } catch {
    settle({ state: "known", viewer: null });
  }
}

const noChange = () => () => undefined;
const IDLE: Asked = { state: "idle" };

/**
 * `viewer`: who to show; `guess`: true while that is only the page's guess (nobody) for a page from
 * the page cache: in the server's HTML and until the answer comes to a browser holding a session
 * cookie. Parts shown by guess are hidden for such a browser (the hint script in the header and
 * app/globals.css), so a signed-in visitor never sees "Sign in".
 */
export function useSession(session: PageSession): { viewer: SessionView | null; guess: boolean } {
  // null while hydrating, as the server rendered it; then whether this browser holds a session cookie.
  const hinted = useSyncExternalStore<boolean | null>(
    noChange,
    () => hasSignedInHint(document.cookie),
    () => null,
  );
  const answer = useSyncExternalStore(
    subscribe,
    () => asked,
    () => IDLE,
  );
  const unknown = session === "unknown";
  useEffect(() => {
    if (unknown && hinted) void ask();
  }, [unknown, hinted]);
  if (!unknown) return { viewer: session, guess: false };
  if (hinted === false) return { viewer: null, guess: false };
  return answer.state === "known" ? { viewer: answer.viewer, guess: false } : { viewer: null, guess: true };
}
