import { z } from "@/lib/zod";

/**
 * What a browser's PushSubscription.toJSON() gives, as the API takes it. The endpoint is the
 * push service's address for this browser, https: only (every browser's push service is), except
 * on loopback where the rules allow it (`allowLoopback`: development, the tests' stand-in).
 * p256dh is the browser's P-256 public key, uncompressed (65 bytes), and auth its 16-byte
 * secret, both URL-safe base64 (RFC 8291 §2): anything else could never be encrypted for.
 */
export const ENDPOINT_MAX = 1000;
/** How many browsers one person may have subscribed at once: past it the oldest is dropped. */
export const SUBSCRIPTIONS_PER_PERSON = 10;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of URL-safe base64 (padding allowed), or null when it is not. */
export function base64urlBytes(value: string): Uint8Array | null {
  if (!BASE64URL.test(value)) return null;
  const bytes = Buffer.from(value.replace(/=+$/, ""), "base64url");
  return bytes;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function endpointAllowed(value: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return allowLoopback && url.protocol === "http:" && LOOPBACK.has(url.hostname);
}

const endpoint = (allowLoopback: boolean) =>
  z
    .string({ error: "Push.errors.endpoint" })
    .trim()
    .max(ENDPOINT_MAX, { error: "Push.errors.endpointTooLong" })
    .refine((value) => endpointAllowed(value, allowLoopback), { error: "Push.errors.endpoint" });

const key = (length: number, error: string) =>
  z.string({ error }).refine((value) => base64urlBytes(value)?.length === length, { error });

/** POST /api/users/push-subscriptions. */
export const subscribeInput = (allowLoopback = false) =>
  z.object({
    endpoint: endpoint(allowLoopback),
    keys: z.object(
      {
        // An uncompressed P-256 point: 0x04, then x and y (SEC 1 §2.3.3); checked as a point on the curve by the server.
        p256dh: key(65, "Push.errors.p256dh").refine((value) => base64urlBytes(value)?.[0] === 4, {
          error: "Push.errors.p256dh",
        }),
        auth: key(16, "Push.errors.auth"),
      },
      { error: "Push.errors.keys" },
    ),
  });

/** DELETE /api/users/push-subscriptions. */
export const unsubscribeInput = z.object({
  endpoint: z
    .string({ error: "Push.errors.endpoint" })
    .trim()
    .min(1, { error: "Push.errors.endpoint" })
    .max(ENDPOINT_MAX, {
      error: "Push.errors.endpointTooLong",
    }),
});

/** GET /api/users/push-subscriptions: whether push is offered and with which key, and how many browsers of the viewer's receive it. */
export const pushStateAnswer = z
  .object({
    available: z.boolean().meta({ description: "Whether this server sends push (its VAPID keys are set)." }),
    publicKey: z.string().nullable().meta({
      description: "The VAPID public key, the applicationServerKey for PushManager.subscribe; null without push.",
    }),
    subscriptions: z.number().int().min(0).meta({ description: "How many browsers of the viewer's are subscribed." }),
  })
  .meta({ id: "PushState" });

export type PushState = z.infer<typeof pushStateAnswer>;
