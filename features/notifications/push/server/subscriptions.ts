import "server-only";

import { createECDH } from "node:crypto";

import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { BadRequestError, isUniqueViolation } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";

import { signedIn, type Person } from "../../server/person";
import { base64urlBytes, subscribeInput, SUBSCRIPTIONS_PER_PERSON, unsubscribeInput, type PushState } from "../schema";
import { pushConfigured } from "../sender";

/**
 * A person's browsers that receive push: one PushSubscription per browser (its endpoint, unique).
 * Subscribing is asked for only after the person acted (push-opt-in.tsx); the worker sends to
 * each of their subscriptions (notify.ts) and drops one the push service says is gone (sender.ts).
 */

/** http://127.0.0.1 endpoints: in development and tests, and where the end-to-end server's stand-in runs. */
const allowLoopback = () => env.NODE_ENV !== "production" || env.PUSH_TEST_ENDPOINTS;

/** Whether the bytes are a point on P-256: a key that is not could never be encrypted for (RFC 8291 §3.1). */
function onCurve(p256dh: string): boolean {
  const point = base64urlBytes(p256dh);
  if (!point) return false;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/** GET /api/users/push-subscriptions (and the notification settings): whether push is offered, its key, the viewer's count. */
export async function pushState(viewer: Person | null): Promise<PushState> {
  signedIn(viewer);
  const available = pushConfigured();
  const prisma = await getPrisma();
  const subscriptions = await prisma.pushSubscription.count({ where: { userId: viewer.id } });
  return { available, publicKey: available ? env.VAPID_PUBLIC_KEY! : null, subscriptions };
}

/**
 * POST /api/users/push-subscriptions: this browser receives the viewer's push from now on. An
 * endpoint already stored for another person moves to the viewer (one browser, one person: the
 * browser's push goes to whoever subscribed it last), with its keys renewed; past
 * SUBSCRIPTIONS_PER_PERSON the viewer's oldest are dropped.
 */
export async function subscribe(viewer: Person | null, body: unknown): Promise<PushState> {
  signedIn(viewer);
  const input = parseOrThrow(subscribeInput(allowLoopback()), body);
  if (!onCurve(input.keys.p256dh)) throw new BadRequestError({ "keys.p256dh": "Push.errors.p256dh" });
  const data = { userId: viewer.id, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const prisma = await getPrisma();
  const save = () =>
    prisma.$transaction(async (tx) => {
      await tx.pushSubscription.upsert({
        where: { endpoint: input.endpoint },
        create: { endpoint: input.endpoint, ...data },
        // A moved or renewed subscription counts as new: it is the newest of its person's.
        update: { ...data, createdAt: new Date() },
      });
      const kept = await tx.pushSubscription.findMany({
        where: { userId: viewer.id },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: SUBSCRIPTIONS_PER_PERSON,
        select: { id: true },
      });
      if (kept.length) await tx.pushSubscription.deleteMany({ where: { id: { in: kept.map(({ id }) => id) } } });
    });
  try {
    await save();
  } catch (error) {
    // Two tabs subscribing the same browser at once: the other's insert won; this one updates it.
    if (!isUniqueViolation(error)) throw error;
    await save();
  }
  return pushState(viewer);
}

/** DELETE /api/users/push-subscriptions: this browser no longer receives the viewer's push. Only the viewer's own; 200 either way. */
export async function unsubscribe(viewer: Person | null, body: unknown): Promise<PushState> {
  signedIn(viewer);
  const { endpoint } = parseOrThrow(unsubscribeInput, body);
  const prisma = await getPrisma();
  await prisma.pushSubscription.deleteMany({ where: { endpoint, userId: viewer.id } });
  return pushState(viewer);
}
