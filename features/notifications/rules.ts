import { dateOfDay, formatMinutes, localClock, parseTime, wallClockToInstant } from "@/domain/service/clock";

import {
  CHANNELS,
  CHOOSABLE_EVENTS,
  DEFAULT_QUIET_HOURS,
  defaultChannelsOf,
  isRequired,
  isUrgent,
  type Channel,
  type NotificationEvent,
} from "./events";

/**
 * A person's notification choices, resolved: what a stored row (or none) means. Pure, shared by
 * the server (notify, the settings API) and the settings form.
 */
export const QUIET_HOURS_TIME_ZONE = "Europe/Kyiv";

export type QuietHours = { from: number; to: number };
export type Settings = {
  channels: Record<Channel, boolean>;
  events: Record<NotificationEvent, Channel[]>;
  quietHours: QuietHours | null;
};
export type StoredSettings = {
  channels: unknown;
  events: unknown;
  quietFrom: number | null;
  quietTo: number | null;
} | null;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The stored choices over the defaults; anything stored that is no longer known is ignored. */
export function resolveSettings(stored: StoredSettings): Settings {
  const channels = record(stored?.channels);
  const events = record(stored?.events);
  return {
    channels: Object.fromEntries(
      CHANNELS.map((c) => [c, typeof channels[c] === "boolean" ? channels[c] : true]),
    ) as Record<Channel, boolean>,
    events: Object.fromEntries(
      [...CHOOSABLE_EVENTS, ...(["account"] as const)].map((event) => {
        const chosen = events[event];
        return [
          event,
          isRequired(event) || !Array.isArray(chosen)
            ? defaultChannelsOf(event)
            : CHANNELS.filter((channel) => chosen.includes(channel)),
        ];
      }),
    ) as Record<NotificationEvent, Channel[]>,
    quietHours: !stored
      ? { ...DEFAULT_QUIET_HOURS }
      : stored.quietFrom === null || stored.quietTo === null
        ? null
        : { from: stored.quietFrom, to: stored.quietTo },
  };
}

/**
 * The channels a notification of the event goes by: the event's choice, of the channels the
 * person has on. A required event goes by e-mail whatever was chosen, and by nothing else.
 */
export function channelsFor(settings: Settings, event: NotificationEvent): Channel[] {
  if (isRequired(event)) return ["email"];
  return settings.events[event].filter((channel) => settings.channels[channel]);
}

/** Whether a Kyiv minute of the day falls in the quiet hours (from inclusive, to exclusive; over midnight when from > to). */
export function inQuietHours(minute: number, quiet: QuietHours): boolean {
  if (quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;
}

/**
 * Until when a delivery by Telegram or push is held: the end of the quiet hours on Kyiv's clock
 * when `now` is inside them and the event is not urgent, else null (it goes now). E-mail is never
 * held: it waits in the inbox without waking anyone. DST-correct: the end is read on the wall
 * clock of the day it falls on (a 03:00 end on the spring-forward night is 04:00).
 */
export function heldUntil(now: Date, event: NotificationEvent, quiet: QuietHours | null): Date | null {
  if (!quiet || isUrgent(event)) return null;
  const clock = localClock(now, QUIET_HOURS_TIME_ZONE);
  if (!inQuietHours(clock.minute, quiet)) return null;
  const endsTomorrow = quiet.from > quiet.to && clock.minute >= quiet.from;
  const date = endsTomorrow ? dateOfDay(clock.day + 1) : clock.date;
  for (let shift = 0; shift <= 60; shift += 30) {
    const end = wallClockToInstant(`${date}T${formatMinutes(quiet.to + shift)}`, QUIET_HOURS_TIME_ZONE);
    if (end) return end;
  }
  return null;
}

/** Quiet hours as the API writes them (HH:MM) and back. */
export const quietHoursOut = (quiet: QuietHours | null) =>
  quiet ? { from: formatMinutes(quiet.from), to: formatMinutes(quiet.to) } : null;
export const quietHoursIn = (quiet: { from: string; to: string }): QuietHours => ({
  from: parseTime(quiet.from),
  to: parseTime(quiet.to),
});
