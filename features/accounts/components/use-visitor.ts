"use client";

import { useEffect, useSyncExternalStore } from "react";

import { hasSignedInHint } from "@/features/accounts/session-cookie";

/**
 * What a page from the page cache could not know, asked by the browser: the page was rendered for
 * nobody and served to everyone (lib/cache/page-cache.ts). Each address is asked once per page
 * load, and the components that show its answer share it.
 */
type Asked = { state: "asking" } | { state: "known"; body: unknown } | { state: "failed" };

const answers = new Map<string, Asked>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settle(url: string, asked: Asked) {
  answers.set(url, asked);
  for (const listener of listeners) listener();
}

async function ask(url: string) {
  if (answers.has(url)) return;
  settle(url, { state: "asking" });
  try {
    const response = await fetch(url, { cache: "no-store" });
    settle(url, response.ok ? { state: "known", body: await response.json() } : { state: "failed" });
  } catch {
    settle(url, { state: "failed" });
  }
}

const noChange = () => () => undefined;

/**
 * `value`: what to show this visitor, `known` when the page was rendered for them, else asked at
 * `url` (`read` takes it from the answer, null when there was none) when the browser holds a
 * session cookie, and `nobody` for a browser without one. `guess`: true while `value` is only the
 * page's guess (nobody): in the server's HTML, and until the answer comes to a browser holding a
 * session cookie. What is shown by guess is marked data-guess and hidden for such a browser (the
 * header's hint script, app/globals.css), so a signed-in visitor never sees "Sign in". Without an
 * answer (offline, a server error) the page goes on as for a visitor without a session, its links
 * still working, but `sure` is false: only a `sure` value says who is (or that nobody is) signed in.
 */
export function useForThisVisitor<T>(
  known: T | "unknown",
  url: string,
  nobody: T,
  read: (body: unknown) => T,
): { value: T; guess: boolean; sure: boolean } {
  // null while hydrating, as the server rendered it; then whether this browser holds a session cookie.
  const hinted = useSyncExternalStore<boolean | null>(
    noChange,
    () => hasSignedInHint(document.cookie),
    () => null,
  );
  const answer = useSyncExternalStore(
    subscribe,
    () => answers.get(url),
    () => undefined,
  );
  const unknown = known === "unknown";
  useEffect(() => {
    if (unknown && hinted) void ask(url);
  }, [unknown, hinted, url]);
  if (!unknown) return { value: known, guess: false, sure: true };
  if (hinted === false) return { value: nobody, guess: false, sure: true };
  if (answer?.state === "known")
    return { value: answer.body === null ? nobody : read(answer.body), guess: false, sure: true };
  return answer?.state === "failed"
    ? { value: nobody, guess: false, sure: false }
    : { value: nobody, guess: true, sure: false };
}
