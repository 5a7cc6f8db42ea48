import type { LiveStatusView } from "./answers";
import type { OpeningStatus } from "./timetable";

/**
 * The owner's live word on a service: what it is doing right now, set in one tap and
 * trusted for a few hours only, after which the opening hours speak again.
 */
export const LIVE_STATES = ["open", "generator", "no_power", "air_alert", "damage", "closed"] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/**
 * Only these count as open for "open now". Without power a station cannot lift a car or run a
 * diagnostic, so "no power" reads as closed; "on generator" is the answer drivers look for.
 */
const OPEN_STATES: ReadonlySet<LiveState> = new Set(["open", "generator"]);

export function isOpenState(state: LiveState): boolean {
  return OPEN_STATES.has(state);
}

/** How long a word is trusted when the owner gives no end; the longest they may give. */
export const LIVE_STATUS_DEFAULT_HOURS = 6;
export const LIVE_STATUS_MAX_HOURS = 24;
export const LIVE_NOTE_MAX = 140;

export type BadgeStatus = OpeningStatus & { liveStatus: LiveStatusView | null; hoursKnown: boolean };

/**
 * What the opening badge (a client component) needs of a service and nothing more: handed the
 * whole service, every card sent its name, contacts and ratings to the browser once more (~0.7 KB).
 */
export function badgeStatus({
  openNow,
  nextChange,
  liveStatus,
  hoursKnown,
}: OpeningStatus & { liveStatus?: LiveStatusView | null; hoursKnown?: boolean }): BadgeStatus {
  return { openNow, nextChange, liveStatus: liveStatus ?? null, hoursKnown: hoursKnown ?? true };
}

/** The live-word columns of a services row. */
export type LiveColumns = {
  liveState: LiveState | null;
  liveNote: string;
  liveUntil: Date | null;
  liveUpdatedAt: Date | null;
};

/** The live word while it is in force at the instant, else null: an expired one is as good as none. */
export function liveStatusOf(row: LiveColumns, now: Date): LiveStatusView | null {
  if (
    !row.liveState ||
    !row.liveUntil ||
    !row.liveUpdatedAt ||
    row.liveUntil.getTime() <= now.getTime() ||
    row.liveUpdatedAt.getTime() > now.getTime()
  )
    return null;
  return {
    state: row.liveState,
    note: row.liveNote,
    until: row.liveUntil.toISOString(),
    updatedAt: row.liveUpdatedAt.toISOString(),
  };
}
