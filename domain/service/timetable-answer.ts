import { z } from "@/lib/zod";

import type { Weekday } from "./week";

/**
 * The weekly timetable as the answers carry it (a service's page, its editor), and so the source of
 * its TypeScript type, which the kernel and every feature share: here, below them all.
 */

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

export type Timetable = z.infer<typeof TimetableAnswer>;
