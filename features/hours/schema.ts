import { parseTime } from "@/domain/service/clock";
import { HOLIDAYS } from "@/features/hours/holidays";
import { LIVE_NOTE_MAX, LIVE_STATES, LIVE_STATUS_MAX_HOURS } from "@/features/hours/live-status";
import { z } from "@/lib/zod";

import { HOURS_REPORT_KINDS, SPECIAL_HOURS_MAX, SPECIAL_REASON_MAX } from "./rules";

const HOUR_MS = 3_600_000;

/**
 * PUT /api/items/users/{id}/status: `until` is optional (the default lasts
 * LIVE_STATUS_DEFAULT_HOURS) and must lie within the next LIVE_STATUS_MAX_HOURS; `hours` says the
 * same counted on the server's clock (what the form sends: a phone's clock may be off). "closed"
 * for another reason needs the reason in the note.
 */
export function liveStatusInput(now: Date) {
  return z
    .object({
      state: z.enum(LIVE_STATES, { error: "LiveStatus.invalidState" }),
      note: z
        .string({ error: "LiveStatus.noteTooLong" })
        .trim()
        .max(LIVE_NOTE_MAX, { error: "LiveStatus.noteTooLong" })
        .default(""),
      until: z.iso
        .datetime({ offset: true, error: "LiveStatus.invalidUntil" })
        .transform((value) => new Date(value))
        .refine(
          (value) =>
            value.getTime() > now.getTime() && value.getTime() <= now.getTime() + LIVE_STATUS_MAX_HOURS * HOUR_MS,
          {
            error: "LiveStatus.invalidUntil",
          },
        )
        .optional(),
      hours: z
        .number({ error: "LiveStatus.invalidUntil" })
        .int({ error: "LiveStatus.invalidUntil" })
        .min(1, { error: "LiveStatus.invalidUntil" })
        .max(LIVE_STATUS_MAX_HOURS, { error: "LiveStatus.invalidUntil" })
        .optional(),
    })
    .refine((value) => value.state !== "closed" || value.note !== "", {
      path: ["note"],
      error: "LiveStatus.noteRequired",
    })
    .transform(({ hours, until, ...rest }) => ({
      ...rest,
      until: until ?? (hours ? new Date(now.getTime() + hours * HOUR_MS) : undefined),
    }));
}
export type LiveStatusInput = z.infer<ReturnType<typeof liveStatusInput>>;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DAY_MS = 86_400_000;
/** The longest single closure; anything longer is a listing to unpublish, not a closure. */
export const CLOSURE_MAX_DAYS = 180;

const date = z
  .string({ error: "SpecialHours.invalidDate" })
  .regex(DATE_PATTERN, { error: "SpecialHours.invalidDate" })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: "SpecialHours.invalidDate",
    },
  );

const entry = z
  .object({
    startsOn: date,
    endsOn: date,
    closed: z.boolean({ error: "SpecialHours.invalid" }),
    opening: z.string({ error: "Validation.time" }).regex(TIME_PATTERN, { error: "Validation.time" }).default("09:00"),
    closing: z.string({ error: "Validation.time" }).regex(TIME_PATTERN, { error: "Validation.time" }).default("18:00"),
    reason: z
      .string({ error: "SpecialHours.reasonTooLong" })
      .trim()
      .max(SPECIAL_REASON_MAX, { error: "SpecialHours.reasonTooLong" })
      .default(""),
    holiday: z.enum(HOLIDAYS, { error: "SpecialHours.invalid" }).nullable().default(null),
  })
  .superRefine((value, context) => {
    if (value.endsOn < value.startsOn)
      context.addIssue({ code: "custom", path: ["endsOn"], message: "SpecialHours.endBeforeStart" });
    else if ((Date.parse(value.endsOn) - Date.parse(value.startsOn)) / DAY_MS >= CLOSURE_MAX_DAYS)
      context.addIssue({ code: "custom", path: ["endsOn"], message: "SpecialHours.tooLong" });
    if (!value.closed && parseTime(value.closing) <= parseTime(value.opening))
      context.addIssue({ code: "custom", path: ["closing"], message: "Validation.closingAfterOpening" });
  })
  .transform(({ opening, closing, ...rest }) => ({
    ...rest,
    opensAt: parseTime(opening),
    closesAt: parseTime(closing),
  }));

/** PUT /api/items/users/{id}/special-hours: the whole list, dates that do not overlap. */
export const specialHoursInput = z
  .object({
    entries: z
      .array(entry, { error: "SpecialHours.invalid" })
      .max(SPECIAL_HOURS_MAX, { error: "SpecialHours.tooMany" }),
  })
  .superRefine(({ entries }, context) => {
    const sorted = entries
      .map((value, index) => ({ ...value, index }))
      .sort((a, b) => a.startsOn.localeCompare(b.startsOn));
    for (let at = 1; at < sorted.length; at++) {
      if (sorted[at]!.startsOn <= sorted[at - 1]!.endsOn)
        context.addIssue({
          code: "custom",
          path: ["entries", sorted[at]!.index, "startsOn"],
          message: "SpecialHours.overlap",
        });
    }
  });
export type SpecialHoursInput = z.infer<typeof specialHoursInput>;

/** POST /api/items/{id}/hours-reports: what a visitor says in one tap. */
export const hoursReportInput = z.object({ kind: z.enum(HOURS_REPORT_KINDS, { error: "HoursFreshness.invalidKind" }) });
