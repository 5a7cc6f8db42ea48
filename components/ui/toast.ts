"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import type { ExternalToast } from "sonner";

/**
 * Sonner's `toast`, loaded on first use: pages do not carry the toast library until something is
 * announced. The first call also asks Providers to mount the Toaster, which shows toasts made
 * before it subscribed.
 *
 * An error is about the page it was raised on (a form's problem): it closes when the visitor
 * leaves that page (Providers calls dismissStaleToasts), unless it says why they were sent on
 * (`travels`). Other toasts mostly announce the page a navigation goes to, and stay.
 */
type Kind = "message" | "success" | "error" | "info";
type Options = ExternalToast & { travels?: boolean };

let sonner: Promise<typeof import("sonner")> | null = null;
let wanted = false;
const listeners = new Set<() => void>();
// Toasts that close with their page: toast id → the path it was raised on.
const pageBound = new Map<string | number, string>();

function show(kind: Kind, message: ReactNode, { travels = kind !== "error", ...data }: Options = {}) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const page = window.location.pathname;
  sonner ??= import("sonner");
  sonner.then(
    ({ toast: sonnerToast }) => {
      if (!travels && window.location.pathname !== page) return;
      const id = kind === "message" ? sonnerToast(message, data) : sonnerToast[kind](message, data);
      if (!travels) pageBound.set(id, page);
    },
    () => {
      // The chunk did not load (offline?): the next toast tries again.
      sonner = null;
    },
  );
}

export const toast = Object.assign((message: ReactNode, data?: Options) => show("message", message, data), {
  success: (message: ReactNode, data?: Options) => show("success", message, data),
  error: (message: ReactNode, data?: Options) => show("error", message, data),
  info: (message: ReactNode, data?: Options) => show("info", message, data),
});

/** Closes the toasts bound to a page other than `pathname`, the path now in the address bar. */
export function dismissStaleToasts(pathname: string): void {
  if (!pageBound.size) return;
  void sonner?.then(({ toast: sonnerToast }) => {
    for (const [id, page] of pageBound) {
      if (page === pathname) continue;
      sonnerToast.dismiss(id);
      pageBound.delete(id);
    }
  });
}

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

export const TOAST_DURATION_MS = 5000;

export const REGISTRATION_TOAST_DURATION_MS = 20_000;
