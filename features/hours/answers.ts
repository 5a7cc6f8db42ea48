import { HOLIDAYS } from "@/features/hours/holidays";
import { LIVE_STATES } from "@/features/hours/live-status";
import { z } from "@/lib/zod";

import { HOURS_REPORT_KINDS } from "./rules";

/** The answers of the hours routes, and the pieces of hours other answers carry (a card's status). */

export const LiveStatusAnswer = z
  .object({
    state: z.enum(LIVE_STATES),
    note: z.string(),
    until: z.iso.datetime().meta({ description: "When the word stops counting." }),
    updatedAt: z.iso.datetime().meta({ description: "When the owner said it." }),
  })
  .meta({ id: "LiveStatus", description: "The owner's live word while it lasts; it decides `openNow` meanwhile." });

export const NextChangeAnswer = z
  .object({ at: z.iso.datetime(), opens: z.boolean() })
  .meta({ id: "NextChange", description: "The next opening (`opens`) or closing." });

export const SpecialHoursAnswer = z
  .object({
    startsOn: z.iso.date(),
    endsOn: z.iso.date(),
    closed: z.boolean(),
    opensAt: z.number().int().meta({ description: "Minutes after midnight." }),
    closesAt: z.number().int().meta({ description: "Minutes after midnight (up to 1440)." }),
    reason: z.string(),
    holiday: z.enum(HOLIDAYS).nullable(),
  })
  .meta({ id: "SpecialHours", description: "A dated exception: a holiday, other hours or a closure." });

export const HoursReportRowAnswer = z
  .object({
    serviceId: z.guid(),
    name: z.string(),
    wrongHours: z.number().int(),
    closedPermanently: z.number().int(),
    latest: z.iso.datetime(),
  })
  .meta({ id: "HoursReportRow" });

export const hoursReportedAnswer = z.object({ reported: z.enum(HOURS_REPORT_KINDS) });
export const hoursConfirmedAnswer = z.object({ hoursConfirmedAt: z.iso.datetime() });
export const hoursReportsDismissedAnswer = z.object({ dismissed: z.number().int() });
export const liveStatusClearedAnswer = z.object({ status: z.null() });

/** The live word as the API and the pages show it; null once it has run out. */
export type LiveStatusView = z.infer<typeof LiveStatusAnswer>;
/** When the hours next say otherwise than now; null when they never do (always open, or never). */
export type NextChange = z.infer<typeof NextChangeAnswer>;
/** A dated exception as the API, the service page and the editor show it. */
export type SpecialHoursView = z.infer<typeof SpecialHoursAnswer>;
export type HoursReportRow = z.infer<typeof HoursReportRowAnswer>;
