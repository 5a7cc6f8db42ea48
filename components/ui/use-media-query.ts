"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches, kept current. The server (and hydration) says no: what differs
 * by screen is drawn by CSS, and this only decides what is worth mounting at all (a map's code).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
