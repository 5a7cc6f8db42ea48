"use client";

import { postJson } from "@/components/ui/api-client";

/**
 * This browser's side of Web Push, for the opt-in and the toggle: whether it can receive push
 * at all, its current subscription, subscribing with the server's VAPID key and telling the
 * server (POST), and unsubscribing (DELETE, then the browser's own).
 */

export type PushAvailability = { available: boolean; publicKey: string | null; subscriptions: number };

export const PUSH_API = "/api/users/push-subscriptions";

/** Push needs a service worker, PushManager and Notification (iOS: 16.4+, and only from the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    window.isSecureContext
  );
}

export async function fetchPushState(): Promise<PushAvailability | null> {
  try {
    const response = await fetch(PUSH_API, { headers: { accept: "application/json" } });
    return response.ok ? ((await response.json()) as PushAvailability) : null;
  } catch {
    return null;
  }
}

/**
 * The service worker's registration, when there is one: it is registered in production builds only
 * (app/_shell/service-worker.tsx), and without one no push can be shown, so none is offered.
 */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  // An installing worker is not ready to receive push yet: wait for it (it activates at once, sw.js skipWaiting).
  return registration.active ? registration : navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await workerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The key as PushManager.subscribe takes it: bytes, which every browser accepts (a string only some). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export type SubscribeResult = "subscribed" | "blocked" | "dismissed";

/**
 * Asks for the permission (only ever from a person's click: browsers refuse or quiet a prompt
 * that comes unasked), subscribes this browser with the server's key and hands the
 * subscription to the server. Throws when the browser or the server fails.
 */
export async function subscribeThisBrowser(publicKey: string, networkMessage: string): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "dismissed";
  const registration = await workerRegistration();
  if (!registration) throw new Error("no service worker");
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be used: a new one is made.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameBytes(new Uint8Array(key), keyBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await postJson(PUSH_API, subscription.toJSON(), "POST", networkMessage);
  return "subscribed";
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** The server forgets this browser first (so no push comes for a person who turned it off), then the browser its subscription. */
export async function unsubscribeThisBrowser(networkMessage: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await postJson(PUSH_API, { endpoint: subscription.endpoint }, "DELETE", networkMessage);
  await subscription.unsubscribe();
}

/**
 * Signing out: this browser stops receiving the person's pushes. Its subscription is ended at the
 * push service (no session needed, the sign-out may already have ended it); the next push to it
 * gets a 410 and the server drops it. Never throws: a sign-out must not wait on it.
 */
export function forgetPushOnDevice(): void {
  void currentSubscription()
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}

const DECLINED_KEY = "maister:push-declined-at";
/** After "Not now" (or push turned off here), the next action does not ask again for a fortnight. */
export const ASK_AGAIN_AFTER_MS = 14 * 24 * 60 * 60_000;

/** "Not now", or push turned off in this browser: no offer for a while. */
export function declinePushOffers(): void {
  try {
    localStorage.setItem(DECLINED_KEY, String(Date.now()));
  } catch {
    // Storage refused: the next action may ask again.
  }
}

/** When offers were last declined here (0: never). */
export function declinedAt(): number {
  try {
    return Number(localStorage.getItem(DECLINED_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}
