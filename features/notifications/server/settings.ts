import "server-only";

import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { parseOrThrow } from "@/lib/http/validate";

import {
  ADMIN_EVENTS,
  CHANNELS,
  CHOOSABLE_EVENTS,
  DEFAULT_QUIET_HOURS,
  type Channel,
  type NotificationEvent,
} from "../events";
import { quietHoursIn, quietHoursOut, resolveSettings } from "../rules";
import { settingsInput } from "../schema";
import { SENDERS } from "./deliveries";
import { signedIn, type Person } from "./person";

/**
 * GET and PUT /api/users/notifications: a person's choices (resolved over the defaults), the
 * events they may choose for (an admin's own only for admins), and what each channel is for them:
 * the address mail goes to, whether Telegram is linked, how many browsers get push.
 */
export type NotificationSettingsView = {
  channels: Record<Channel, boolean>;
  events: Partial<Record<NotificationEvent, Channel[]>>;
  quietHours: { from: string; to: string } | null;
  email: string;
  telegram: { available: boolean; linked: boolean; username: string | null };
  push: { available: boolean; publicKey: string | null; subscriptions: number };
};

const isStored = (events: unknown, event: string) =>
  Boolean(events && typeof events === "object" && Array.isArray((events as Record<string, unknown>)[event]));

async function view(viewer: Person): Promise<NotificationSettingsView> {
  const prisma = await getPrisma();
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: {
      email: true,
      notificationSettings: { select: { channels: true, events: true, quietFrom: true, quietTo: true } },
      telegramLink: { select: { username: true } },
      _count: { select: { pushSubscriptions: true } },
    },
  });
  const settings = resolveSettings(user.notificationSettings);
  const shown = CHOOSABLE_EVENTS.filter((event) => viewer.isAdmin || !ADMIN_EVENTS.has(event));
  return {
    channels: settings.channels,
    events: Object.fromEntries(shown.map((event) => [event, settings.events[event]])),
    quietHours: quietHoursOut(settings.quietHours),
    email: user.email,
    telegram: {
      available: SENDERS.telegram.configured(),
      linked: Boolean(user.telegramLink),
      username: user.telegramLink?.username ?? null,
    },
    push: {
      available: SENDERS.push.configured(),
      publicKey: SENDERS.push.configured() ? (env.VAPID_PUBLIC_KEY ?? null) : null,
      subscriptions: user._count.pushSubscriptions,
    },
  };
}

export async function getNotificationSettings(viewer: Person | null): Promise<NotificationSettingsView> {
  signedIn(viewer);
  return view(viewer);
}

/** Changes what the body names; the rest stays. Under the row's lock: two saves at once both count. */
export async function putNotificationSettings(viewer: Person | null, body: unknown): Promise<NotificationSettingsView> {
  signedIn(viewer);
  const input = parseOrThrow(settingsInput, body);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    // The row made with the defaults if there is none, then locked: a save merges into what it
    // read under the lock, so two saves at once both count.
    await tx.$executeRaw`INSERT INTO notification_settings ("userId", "quietFrom", "quietTo", "updatedAt")
      VALUES (${viewer.id}::uuid, ${DEFAULT_QUIET_HOURS.from}, ${DEFAULT_QUIET_HOURS.to}, now())
      ON CONFLICT ("userId") DO NOTHING`;
    const [row] = await tx.$queryRaw<
      { channels: unknown; events: unknown; quietFrom: number | null; quietTo: number | null }[]
    >`
      SELECT channels, events, "quietFrom", "quietTo" FROM notification_settings WHERE "userId" = ${viewer.id}::uuid FOR UPDATE`;
    const current = resolveSettings(row!);
    const channels = { ...current.channels, ...input.channels };
    // Only the events the person chose for are stored: the others follow the defaults, also
    // when those change later.
    const events: Record<string, Channel[]> = {};
    for (const event of CHOOSABLE_EVENTS) {
      const chosen = input.events?.[event] ?? (isStored(row!.events, event) ? current.events[event] : null);
      if (chosen) events[event] = CHANNELS.filter((channel) => chosen.includes(channel));
    }
    const quiet =
      input.quietHours === undefined ? current.quietHours : input.quietHours && quietHoursIn(input.quietHours);
    await tx.notificationSettings.update({
      where: { userId: viewer.id },
      data: { channels, events, quietFrom: quiet?.from ?? null, quietTo: quiet?.to ?? null },
    });
  });
  return view(viewer);
}
