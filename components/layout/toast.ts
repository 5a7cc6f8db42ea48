"use client";

import type { ReactNode } from "react";
import { useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

/**
 * Sonner's `toast`, loaded on first use: pages do not carry the toast library until something is
 * announced. The first call also asks Providers to mount the Toaster, which shows toasts made
 * before it subscribed.
 */
type Kind = "message" | "success" | "error" | "info";

let sonner: Promise<typeof import("sonner")> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: ReactNode, data?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import("sonner");
  sonner.then(
    ({ toast: sonnerToast }) => {
      if (kind === "message") sonnerToast(message, data);
      else sonnerToast[kind](message, data);
    },
    () => {
      // The chunk did not load (offline?): the next toast tries again.
      sonner = null;
    },
  );
}

export const toast = Object.assign((message: ReactNode, data?: ExternalToast) => show("message", message, data), {
  success: (message: ReactNode, data?: ExternalToast) => show("success", message, data),
  error: (message: ReactNode, data?: ExternalToast) => show("error", message, data),
  info: (message: ReactNode, data?: ExternalToast) => show("info", message, data),
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once anything has been toasted on this page load. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
