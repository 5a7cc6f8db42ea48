import { z } from "@/lib/zod";

import { BOOKING_STATUSES } from "./rules";

/** The answers of the booking routes: what the server returns and the OpenAPI document describes. */

const side = z.enum(["driver", "service"]).meta({ id: "BookingSide", description: "A side of the job." });
const instant = z.string().meta({ format: "date-time" });

export const BookingSlotAnswer = z
  .object({
    _id: z.string().meta({ description: "The slot's id: what PUT /booking picks." }),
    start: instant.meta({ description: "When it starts." }),
    minutes: z.number().int().meta({ description: "How long it takes." }),
    outsideHours: z.boolean().meta({ description: "Not within the service's opening hours when proposed." }),
    begun: z.boolean().meta({ description: "The time has already begun: it can no longer be picked." }),
  })
  .meta({ id: "BookingSlot", description: "A proposed slot." });

export const BookingAnswer = z
  .object({
    _id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    proposedBy: side.meta({ description: "Who proposed the open slots: the other side picks." }),
    proposeReason: z.string().meta({ description: "Why the agreed slot is being moved (empty otherwise)." }),
    slots: z.array(BookingSlotAnswer).meta({ description: "The slots to pick from while proposed or rescheduled." }),
    start: instant.nullable().meta({ description: "The agreed slot's start (kept while a move is proposed)." }),
    minutes: z.number().int().nullable(),
    confirmedAt: instant.nullable(),
    otherTimes: z
      .object({ at: instant, note: z.string() })
      .nullable()
      .meta({ description: "The driver asked for other times than those proposed." }),
    ended: z
      .object({ by: side.nullable(), reason: z.string(), at: instant })
      .nullable()
      .meta({ description: "Cancelled or a no-show: by which side (none for an admin's close), why, when." }),
    lateCancel: z.boolean().meta({ description: "Cancelled less than 2 hours before the agreed start." }),
  })
  .meta({ id: "Booking", description: "The booked time of an accepted request." });

export const BookingViewAnswer = z
  .object({
    requestId: z.string(),
    viewer: z.enum(["driver", "service", "admin"]).meta({ description: "The viewer's part in the job." }),
    booking: BookingAnswer.nullable().meta({ description: "Null before the shop proposed a time." }),
    canPropose: z.boolean(),
    canConfirm: z.boolean(),
    canAskOtherTimes: z.boolean(),
    canCancel: z.boolean(),
    canMarkNoShow: z.boolean(),
    cancelWouldBeLate: z.boolean().meta({ description: "Cancelling now would be a late cancellation." }),
    icsUrl: z
      .string()
      .nullable()
      .meta({ description: "The agreed slot as an .ics file, for the driver and the shop." }),
  })
  .meta({ id: "BookingView", description: "The booking and what the viewer may do with it now." });
export type BookingView = z.infer<typeof BookingViewAnswer>;
export type BookingSlotView = z.infer<typeof BookingSlotAnswer>;

export const CalendarFeedAnswer = z
  .object({ url: z.string().nullable().meta({ description: "The private .ics address, or null when none is on." }) })
  .meta({ id: "CalendarFeed", description: "An owner's private calendar feed of their bookings." });

/** One booking on the owner's week calendar (a page, not an API answer). */
export type CalendarEntry = {
  requestId: string;
  status: "proposed" | "confirmed" | "rescheduled" | "done" | "no_show";
  tentative: boolean;
  start: string;
  minutes: number;
  job: string;
  description: string;
  car: string;
  serviceName: string;
};
export type CalendarWeek = {
  monday: string;
  days: { date: string; entries: CalendarEntry[] }[];
  previous: string;
  next: string;
  thisWeek: string;
  isThisWeek: boolean;
};
