import { PRICE_MAX_UAH } from "@/domain/service/jobs";

/**
 * The rules of an accepted request's job, shared by the server and the panel: the chosen shop may
 * propose extra work (the driver approves or declines each), marks the job done with the final
 * price, and the driver confirms or disputes it within JOB_CONFIRM_HOURS (unanswered, it counts
 * as confirmed). The final price may not pass the ceiling: the agreed price (the accepted answer's
 * exact price, or the top of its range) plus the extra work the driver approved. Amounts are whole
 * hryvnias.
 */
export const JOB_CONFIRM_HOURS = 72;
export const JOB_EXTRAS_MAX = 10;
export const JOB_EXTRA_PRICE_MAX = 1_000_000;
export const JOB_EXTRA_DESCRIPTION_MIN = 3;
export const JOB_EXTRA_DESCRIPTION_MAX = 500;
export const JOB_NOTE_MAX = 500;
export const JOB_DISPUTE_REASON_MIN = 10;
export const JOB_DISPUTE_REASON_MAX = 500;
export const JOB_RESOLUTION_NOTE_MAX = 500;
/** The highest ceiling a job can have: the highest answer and every extra at its highest. */
export const JOB_FINAL_PRICE_MAX = PRICE_MAX_UAH + JOB_EXTRAS_MAX * JOB_EXTRA_PRICE_MAX;

export const JOB_STATUSES = ["done", "confirmed", "disputed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const EXTRA_STATUSES = ["proposed", "approved", "declined"] as const;
export type ExtraStatus = (typeof EXTRA_STATUSES)[number];
export const JOB_CONFIRMERS = ["driver", "time", "admin"] as const;
export type JobConfirmer = (typeof JOB_CONFIRMERS)[number];

/** What the approved extra work adds; proposed (undecided) and declined extras add nothing. */
export function approvedExtras(extras: readonly { price: number; status: ExtraStatus }[]): number {
  return extras.reduce((sum, extra) => (extra.status === "approved" ? sum + extra.price : sum), 0);
}

/**
 * The most the final price may be: the agreed price (the accepted answer's exact price or the top
 * of its range, features/requests/server/job-access.ts agreedCeiling) plus the approved extras.
 */
export function jobCeiling(agreed: number, extras: readonly { price: number; status: ExtraStatus }[]): number {
  return agreed + approvedExtras(extras);
}

/** Whether a final price is within the ceiling (equal to it passes). */
export const withinCeiling = (finalPrice: number, ceiling: number) => finalPrice <= ceiling;

/** Until when the driver answers a job marked done; after it the job counts as confirmed. */
export const confirmBy = (doneAt: Date) => new Date(doneAt.getTime() + JOB_CONFIRM_HOURS * 3_600_000);
/** Jobs marked done before this moment are past their time to answer. */
export const confirmCutoff = (now: Date) => new Date(now.getTime() - JOB_CONFIRM_HOURS * 3_600_000);
