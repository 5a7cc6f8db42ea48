import type { Timetable, Weekday } from "@/domain/service/week";
import { HOLIDAYS } from "@/features/hours/holidays";
import { LIVE_STATES, type LiveStatusView } from "@/features/hours/live-status";
import type {
  confirmHours,
  dismissHoursReports,
  HoursReportRow,
  reportHours,
} from "@/features/hours/server/hours-freshness";
import type { clearLiveStatus } from "@/features/hours/server/opening-exceptions";
import type { SpecialHoursView } from "@/features/hours/special-hours-view";
import type { NextChange } from "@/features/hours/timetable";
import type { SameShape } from "@/lib/same-shape";
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

const dayHours = z.object({ closed: z.boolean(), opening: z.string(), closing: z.string() });

export const TimetableAnswer = z
  .object({
    monday: dayHours,
    tuesday: dayHours,
    wednesday: dayHours,
    thursday: dayHours,
    friday: dayHours,
    saturday: dayHours,
    sunday: dayHours,
  } satisfies Record<Weekday, typeof dayHours>)
  .meta({ id: "Timetable", description: 'The weekly hours, "HH:MM" in the service\'s time zone.' });

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

export const liveStatusAgrees: SameShape<LiveStatusView, z.infer<typeof LiveStatusAnswer>> = true;
export const nextChangeAgrees: SameShape<NextChange, z.infer<typeof NextChangeAnswer>> = true;
export const timetableAgrees: SameShape<Timetable, z.infer<typeof TimetableAnswer>> = true;
export const specialHoursAgrees: SameShape<SpecialHoursView, z.infer<typeof SpecialHoursAnswer>> = true;
export const hoursReportRowAgrees: SameShape<HoursReportRow, z.infer<typeof HoursReportRowAnswer>> = true;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
export const hoursReportedAgrees: SameShape<Answer<typeof reportHours>, z.infer<typeof hoursReportedAnswer>> = true;
export const hoursConfirmedAgrees: SameShape<Answer<typeof confirmHours>, z.infer<typeof hoursConfirmedAnswer>> = true;
export const hoursDismissedAgrees: SameShape<
  Answer<typeof dismissHoursReports>,
  z.infer<typeof hoursReportsDismissedAnswer>
> = true;
export const liveStatusClearedAgrees: SameShape<
  Answer<typeof clearLiveStatus>,
  z.infer<typeof liveStatusClearedAnswer>
> = true;
