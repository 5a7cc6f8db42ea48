import "server-only";

import type { Locale } from "next-intl";

import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import { AppError } from "@/lib/http/errors";

import { kyivDay } from "../../schema";
import type { CalendarEntry, CalendarWeek } from "../answers";
import { addDays, instantToWallClock, mondayOf, wallClockToInstant } from "../rules";
import { weekQuery } from "../schema";
import { ownsAService } from "./booking-ics";
import { jobLabel } from "./booking-mail";

/**
 * An owner's week of bookings (Monday to Sunday on Kyiv's clock) across their services: agreed
 * slots (confirmed, being moved, or kept: done, or a no-show), and the slots still proposed as
 * tentative. For the page
 * /requests/calendar; `week` is any day of the week shown (this week when absent or not a date).
 */
const AGREED = ["confirmed", "rescheduled", "done", "no_show"] as const;

export async function ownerWeek(
  viewer: Viewer,
  query: unknown,
  locale: Locale,
  now = new Date(),
): Promise<CalendarWeek> {
  if (!ownsAService(viewer)) throw new AppError(403, "Booking.feedOwnersOnly");
  const parsed = weekQuery.safeParse(query);
  const today = kyivDay(now);
  const monday = mondayOf(parsed.success && parsed.data.week ? parsed.data.week : today);
  // Midnight is never the hour Kyiv's clocks skip (they move at 03:00), so both ends exist.
  const from = wallClockToInstant(`${monday}T00:00`)!;
  const to = wallClockToInstant(`${addDays(monday, 7)}T00:00`)!;
  const prisma = await getPrisma();
  const rows = await prisma.quoteBooking.findMany({
    where: {
      service: { ownerId: viewer.id },
      OR: [
        { status: { in: [...AGREED] }, start: { gte: from, lt: to } },
        { status: { in: ["proposed", "rescheduled"] }, slots: { some: { start: { gte: from, lt: to } } } },
      ],
    },
    select: {
      status: true,
      start: true,
      minutes: true,
      requestId: true,
      request: { select: { job: true, description: true, carMake: true, carModel: true, carYear: true } },
      service: { select: { name: true } },
      slots: {
        where: { start: { gte: from, lt: to } },
        orderBy: { start: "asc" },
        select: { start: true, minutes: true },
      },
    },
  });
  const entries: CalendarEntry[] = [];
  for (const row of rows) {
    const base = {
      requestId: row.requestId,
      job: jobLabel(locale, row.request.job, row.request.description),
      description: row.request.description,
      car: `${row.request.carMake} ${row.request.carModel}, ${row.request.carYear}`,
      serviceName: row.service.name,
    };
    const agreed = (AGREED as readonly string[]).includes(row.status);
    if (agreed && row.start && row.minutes && row.start >= from && row.start < to)
      entries.push({
        ...base,
        status: row.status as (typeof AGREED)[number],
        tentative: false,
        start: row.start.toISOString(),
        minutes: row.minutes,
      });
    if (row.status === "proposed" || row.status === "rescheduled")
      for (const slot of row.slots)
        entries.push({
          ...base,
          status: "proposed",
          tentative: true,
          start: slot.start.toISOString(),
          minutes: slot.minutes,
        });
  }
  entries.sort((a, b) => a.start.localeCompare(b.start));
  const days = Array.from({ length: 7 }, (_, index) => {
    const date = addDays(monday, index);
    return { date, entries: entries.filter((entry) => instantToWallClock(new Date(entry.start)).startsWith(date)) };
  });
  const thisWeek = mondayOf(today);
  return {
    monday,
    days,
    previous: addDays(monday, -7),
    next: addDays(monday, 7),
    thisWeek,
    isThisWeek: thisWeek === monday,
  };
}
