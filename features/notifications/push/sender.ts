import "server-only";

import webpush from "web-push";

import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";

import type { ChannelSender, Delivery, SendOutcome } from "../server/channel";

/**
 * The Web Push channel: each delivery is one push message to one PushSubscription (the
 * delivery's target is its id), encrypted for the browser (RFC 8291, aes128gcm) and signed with
 * our VAPID key (RFC 8292). web-push does both of those; the request itself goes by fetch, so
 * that it has a timeout and reads Retry-After like our other senders, and so that the tests'
 * push service stand-in on http://127.0.0.1 can be reached (web-push's own sendNotification
 * always speaks HTTPS, web-push 3.6.7).
 */

/** What the service worker (public/sw.js) reads from a push. */
export type PushPayload = { title: string; body: string; url: string | null; tag: string };

/** A push that waits longer than a day at the push service tells of something already stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Answers to a request for a price, messages and bookings are what a person waits for: "high"
 * wakes a phone at once (RFC 8030 §5.3); the rest may wait for its next wake-up.
 */
const HIGH_URGENCY = /^request\.(new|answer|message|booking)/;

export const pushConfigured = () => Boolean(env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY);

/** The payload of a delivery: one tag per delivery kind and page, so a newer push replaces an older one on the screen. */
export function pushPayload(delivery: Pick<Delivery, "title" | "body" | "url" | "kind">): PushPayload {
  return {
    title: delivery.title,
    body: delivery.body,
    url: delivery.url,
    tag: `${delivery.kind}:${delivery.url ?? ""}`.slice(0, 200),
  };
}

/** Seconds or an HTTP date (RFC 9110 §10.2.3), as milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A push service's answer as the worker's outcome. */
export function outcomeOf(status: number, retryAfter: string | null, text: string): SendOutcome {
  if (status === 200 || status === 201 || status === 202) return { outcome: "sent" };
  const error = `push service answered ${status}${text ? `: ${text.slice(0, 200)}` : ""}`;
  // 404/410: the subscription expired or the person unsubscribed (RFC 8030 §7.3).
  if (status === 404 || status === 410) return { outcome: "gone", error };
  if (status === 429) {
    const afterMs = retryAfterMs(retryAfter);
    return afterMs === undefined ? { outcome: "retry", error } : { outcome: "retry", error, afterMs };
  }
  if (status >= 500) return { outcome: "retry", error };
  // 400 (malformed), 403 (VAPID refused), 413 (payload too large) and the rest: sending it again changes nothing.
  return { outcome: "refused", error };
}

export const pushSender: ChannelSender = {
  configured: pushConfigured,

  async send(delivery) {
    const prisma = await getPrisma();
    const subscription = await prisma.pushSubscription.findUnique({
      where: { id: delivery.target },
      select: { endpoint: true, p256dh: true, auth: true },
    });
    if (!subscription) return { outcome: "gone", error: "the push subscription was deleted" };
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(pushPayload(delivery)),
        {
          TTL: PUSH_TTL_SECONDS,
          urgency: HIGH_URGENCY.test(delivery.kind) ? "high" : "normal",
          contentEncoding: "aes128gcm",
          vapidDetails: {
            subject: env.VAPID_SUBJECT,
            publicKey: env.VAPID_PUBLIC_KEY!,
            privateKey: env.VAPID_PRIVATE_KEY!,
          },
        },
      );
    } catch (error) {
      // Not "gone": this also throws for our own VAPID keys (web-push checks their lengths), and a
      // configuration mistake must not delete every subscription. The keys a browser gave were
      // checked when it subscribed (subscriptions.ts), so this is ours to fix; the delivery fails.
      return { outcome: "refused", error: `the push could not be prepared: ${String(error)}` };
    }
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: "error",
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      return { outcome: "retry", error: `push service unreachable: ${String(error)}` };
    }
    const text = await response.text().catch(() => "");
    return outcomeOf(response.status, response.headers.get("retry-after"), text);
  },

  async forget(tx, delivery) {
    await tx.pushSubscription.deleteMany({ where: { id: delivery.target } });
  },
};
