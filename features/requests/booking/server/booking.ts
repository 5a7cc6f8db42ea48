import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { isOpenAt, type HoursRow, type SpecialHours } from "@/features/hours/timetable";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, BadRequestError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";

import { openJob, requireJobWritable, type AcceptedJobRow, type JobPart } from "../../server/job-access";
import type { Tx } from "../../server/request-view";
import type { BookingView } from "../answers";
import { bookingActions, isActiveBooking, isLateCancel, type BookingSide } from "../rules";
import { bookingCancelInput, confirmInput, otherTimesInput, proposeInput } from "../schema";
import { icsUrlOf, mailSide } from "./booking-mail";

/**
 * The booked time of an accepted request (features/requests/booking/rules.ts says who may do what
 * when). Every write holds the request's row (openJob with lock), reads the booking again inside
 * its transaction and checks the state there, so two writes at once (two confirmations, a
 * confirmation and a cancellation) never both pass; the audit entry and the other side's mail are
 * written in the same transaction.
 */

export const bookingInclude = {
  slots: { orderBy: { position: "asc" } },
} satisfies Prisma.QuoteBookingInclude;
export type BookingRow = Prisma.QuoteBookingGetPayload<{ include: typeof bookingInclude }>;

const MINUTE_MS = 60_000;
const other = (side: BookingSide): BookingSide => (side === "driver" ? "service" : "driver");

/**
 * Whether the booking's writes are open (the request accepted, its shop still chosen, and the job
 * not yet marked done: a time is booked for a job still to do).
 */
function jobOpen(request: AcceptedJobRow): boolean {
  const chosen = request.targets.find((target) => target.serviceId === request.acceptedAnswer.serviceId);
  return request.status === "accepted" && chosen?.status === "chosen" && request.jobStatus === null;
}

const stateOf = (booking: BookingRow) => ({
  status: booking.status,
  proposedBy: booking.proposedBy,
  start: booking.start,
  otherTimesAt: booking.otherTimesAt,
  slots: booking.slots.length,
});

function viewOf(request: AcceptedJobRow, part: JobPart, booking: BookingRow | null, now: Date): BookingView {
  const actions = bookingActions(booking && stateOf(booking), part, jobOpen(request), now);
  const picking = booking && (booking.status === "proposed" || booking.status === "rescheduled");
  return {
    requestId: request.id,
    viewer: part,
    booking: booking && {
      _id: booking.id,
      status: booking.status,
      proposedBy: booking.proposedBy,
      proposeReason: booking.proposeReason,
      slots: picking
        ? booking.slots.map((slot) => ({
            _id: slot.id,
            start: slot.start.toISOString(),
            minutes: slot.minutes,
            outsideHours: slot.outsideHours,
            begun: slot.start <= now,
          }))
        : [],
      start: booking.start?.toISOString() ?? null,
      minutes: booking.minutes,
      confirmedAt: booking.confirmedAt?.toISOString() ?? null,
      otherTimes: booking.otherTimesAt
        ? { at: booking.otherTimesAt.toISOString(), note: booking.otherTimesNote }
        : null,
      ended: booking.endedAt
        ? { by: booking.endedBy, reason: booking.endReason, at: booking.endedAt.toISOString() }
        : null,
      lateCancel: booking.lateCancel,
    },
    ...actions,
    cancelWouldBeLate: actions.canCancel && !!booking && isLateCancel(booking.start, now),
    icsUrl: booking?.start && part !== "admin" ? icsUrlOf(request.id) : null,
  };
}

/** GET /api/requests/{id}/booking: for the driver, the chosen shop's owner and an admin (who reads only). */
export async function getBooking(viewer: Viewer | null, requestId: string): Promise<BookingView> {
  const { request, part } = await openJob(viewer, requestId);
  const prisma = await getPrisma();
  const booking = await prisma.quoteBooking.findUnique({ where: { requestId: request.id }, include: bookingInclude });
  return viewOf(request, part, booking, new Date());
}

/** A write's frame: the job opened and locked, the part allowed to write, the booking read inside. */
async function inBooking(
  viewer: Viewer,
  requestId: string,
  write: (context: {
    tx: Tx;
    request: AcceptedJobRow;
    side: BookingSide;
    booking: BookingRow | null;
    now: Date;
  }) => Promise<void>,
): Promise<BookingView> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const { request, part } = await openJob(viewer, requestId, { tx, lock: true });
    await requireJobWritable(tx, request, part);
    if (request.jobStatus !== null) throw new AppError(409, "Booking.jobDone");
    const side = part as BookingSide;
    const now = new Date();
    const booking = await tx.quoteBooking.findUnique({ where: { requestId: request.id }, include: bookingInclude });
    await write({ tx, request, side, booking, now });
    const after = await tx.quoteBooking.findUnique({ where: { requestId: request.id }, include: bookingInclude });
    return viewOf(request, part, after, now);
  });
}

const audit = (tx: Tx, viewer: Viewer, action: string, requestId: string, details: Prisma.InputJsonObject) =>
  writeAudit(tx, viewer.id, `booking.${action}`, "quoteRequest", requestId, details, { asAdmin: false });

/** Whether a slot lies wholly within the service's opening hours (weekly and dated), minute by minute. */
async function outsideHoursOf(tx: Tx, serviceId: string, slots: { start: Date; minutes: number }[]) {
  const service = await tx.service.findUniqueOrThrow({
    where: { id: serviceId },
    select: {
      timeZone: true,
      hoursKnown: true,
      openingHours: { select: { weekday: true, closed: true, opensAt: true, closesAt: true } },
      specialHours: { select: { startsOn: true, endsOn: true, closed: true, opensAt: true, closesAt: true } },
    },
  });
  const rows: HoursRow[] = service.openingHours;
  const special: SpecialHours[] = service.specialHours.map((entry) => ({
    startsOn: entry.startsOn.toISOString().slice(0, 10),
    endsOn: entry.endsOn.toISOString().slice(0, 10),
    closed: entry.closed,
    opensAt: entry.opensAt,
    closesAt: entry.closesAt,
  }));
  return slots.map((slot) => {
    // Hours not known well enough to say open: every slot is outside what the site can vouch for.
    if (!service.hoursKnown) return true;
    for (let minute = 0; minute < slot.minutes; minute++)
      if (!isOpenAt(rows, service.timeZone, new Date(slot.start.getTime() + minute * MINUTE_MS), { special }))
        return true;
    return false;
  });
}

/**
 * POST /api/requests/{id}/booking { slots, reason }: the shop proposes (first, or again while its
 * proposal is open: the slots are replaced, the driver's ask for other times answered); once a
 * slot is agreed, either side proposes to move it, with a reason (the agreed slot holds until the
 * other side picks). The other side is mailed.
 */
export async function proposeBooking(viewer: Viewer | null, requestId: string, body: unknown): Promise<BookingView> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(proposeInput(new Date()), body);
  return inBooking(viewer, requestId, async ({ tx, request, side, booking }) => {
    const moving = booking?.status === "confirmed" || booking?.status === "rescheduled";
    if (!moving) {
      if (booking && booking.status !== "proposed") throw new AppError(409, "Booking.notProposable");
      if (side !== "service") throw new AppError(409, "Booking.shopProposesFirst");
    }
    if (moving && !input.reason) throw new BadRequestError({ reason: "Booking.reasonRequired" });
    const outside = await outsideHoursOf(tx, request.acceptedAnswer.serviceId, input.slots);
    const slots = input.slots.map((slot, position) => ({ ...slot, outsideHours: outside[position]!, position }));
    const data = {
      status: moving ? ("rescheduled" as const) : ("proposed" as const),
      proposedBy: side,
      proposeReason: input.reason,
      otherTimesAt: null,
      otherTimesNote: "",
    };
    if (booking) {
      await tx.quoteBookingSlot.deleteMany({ where: { bookingId: booking.id } });
      await tx.quoteBooking.update({ where: { id: booking.id }, data: { ...data, slots: { create: slots } } });
    } else
      await tx.quoteBooking.create({
        data: { ...data, requestId: request.id, serviceId: request.acceptedAnswer.serviceId, slots: { create: slots } },
      });
    await audit(tx, viewer, moving ? "reschedule" : "propose", request.id, {
      side,
      slots: slots.map((slot) => ({ start: slot.start.toISOString(), minutes: slot.minutes })),
      ...(input.reason ? { reason: input.reason } : {}),
    });
    await mailSide(tx, request, other(side), moving ? "bookingRescheduled" : "bookingProposed", {
      slots,
      reason: input.reason,
      time: moving && booking?.start ? { start: booking.start, minutes: booking.minutes ?? 0 } : null,
    });
  });
}

/**
 * PUT /api/requests/{id}/booking { slot }: the side that did not propose picks one of the slots:
 * it is the agreed slot (its reminders start again when it moved). A slot not among the open ones
 * (an older proposal's, or already picked) is a 400; a second pick of the same proposal a 409.
 */
export async function confirmBooking(viewer: Viewer | null, requestId: string, body: unknown): Promise<BookingView> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(confirmInput, body);
  return inBooking(viewer, requestId, async ({ tx, request, side, booking, now }) => {
    if (!booking || (booking.status !== "proposed" && booking.status !== "rescheduled"))
      throw new AppError(409, "Booking.notConfirmable");
    if (booking.proposedBy === side) throw new AppError(409, "Booking.otherSidePicks");
    const slot = booking.slots.find((candidate) => candidate.id === input.slot.toLowerCase());
    if (!slot) throw new BadRequestError({ slot: "Booking.slotUnknown" });
    // A time already begun is no time to agree on (and a no-show marked at once would blame a
    // service that never knew it was agreed).
    if (slot.start <= now) throw new AppError(409, "Booking.slotPassed");
    const moved = booking.start?.getTime() !== slot.start.getTime();
    await tx.quoteBooking.update({
      where: { id: booking.id },
      data: {
        status: "confirmed",
        start: slot.start,
        minutes: slot.minutes,
        confirmedAt: now,
        proposeReason: "",
        otherTimesAt: null,
        otherTimesNote: "",
        sequence: { increment: 1 },
        ...(moved ? { remindedDayAt: null, remindedHoursAt: null } : {}),
      },
    });
    await tx.quoteBookingSlot.deleteMany({ where: { bookingId: booking.id } });
    await audit(tx, viewer, "confirm", request.id, { side, start: slot.start.toISOString(), minutes: slot.minutes });
    const to = other(side);
    await mailSide(tx, request, to, "bookingConfirmed", {
      time: { start: slot.start, minutes: slot.minutes },
      ics: to === "driver",
    });
  });
}

/** POST /api/requests/{id}/booking/other-times { note }: the driver wants other times than those proposed. */
export async function askOtherTimes(viewer: Viewer | null, requestId: string, body: unknown): Promise<BookingView> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(otherTimesInput, body);
  return inBooking(viewer, requestId, async ({ tx, request, side, booking, now }) => {
    if (side !== "driver") throw new AppError(409, "Booking.onlyDriverAsks");
    if (!booking || booking.status !== "proposed") throw new AppError(409, "Booking.notProposed");
    if (booking.otherTimesAt) throw new AppError(409, "Booking.otherTimesAsked");
    await tx.quoteBooking.update({
      where: { id: booking.id },
      data: { otherTimesAt: now, otherTimesNote: input.note },
    });
    await audit(tx, viewer, "otherTimes", request.id, { note: input.note });
    await mailSide(tx, request, "service", "bookingOtherTimes", { note: input.note });
  });
}

/**
 * Ends an active booking as cancelled: by a side (or by nobody, for an admin's close of the
 * request), late when the agreed slot starts within LATE_CANCEL_HOURS; its slots go, the event's
 * sequence rises.
 */
export async function endBooking(
  tx: Tx,
  booking: { id: string; start: Date | null },
  end: { by: BookingSide | null; reason: string; now: Date },
): Promise<{ lateCancel: boolean }> {
  const lateCancel = isLateCancel(booking.start, end.now);
  await tx.quoteBooking.update({
    where: { id: booking.id },
    data: {
      status: "cancelled",
      endedBy: end.by,
      endReason: end.reason,
      endedAt: end.now,
      lateCancel,
      sequence: { increment: 1 },
    },
  });
  await tx.quoteBookingSlot.deleteMany({ where: { bookingId: booking.id } });
  return { lateCancel };
}

/** POST /api/requests/{id}/booking/cancel { reason }: either side, while it is on; final. */
export async function cancelBooking(viewer: Viewer | null, requestId: string, body: unknown): Promise<BookingView> {
  requireAccess(viewer, "signedIn");
  const { reason } = parseOrThrow(bookingCancelInput, body);
  let late = false;
  const view = await inBooking(viewer, requestId, async ({ tx, request, side, booking, now }) => {
    if (!booking || !isActiveBooking(booking.status)) throw new AppError(409, "Booking.notCancellable");
    const { lateCancel } = await endBooking(tx, booking, { by: side, reason, now });
    late = lateCancel;
    await audit(tx, viewer, "cancel", request.id, { side, reason, lateCancel });
    await mailSide(tx, request, other(side), "bookingCancelled", {
      reason,
      time: booking.start ? { start: booking.start, minutes: booking.minutes ?? 0 } : null,
    });
  });
  // A late cancellation counts on the service's page (job-figures.ts): the pages kept drop it.
  if (late) await announceCatalogChange();
  return view;
}

/**
 * POST /api/requests/{id}/booking/no-show: once the agreed slot has started, a side says the other
 * did not come (endedBy is the side that says so). Before the start, a 409.
 */
export async function markNoShow(viewer: Viewer | null, requestId: string): Promise<BookingView> {
  requireAccess(viewer, "signedIn");
  const view = await inBooking(viewer, requestId, async ({ tx, request, side, booking, now }) => {
    if (!booking || (booking.status !== "confirmed" && booking.status !== "rescheduled") || !booking.start)
      throw new AppError(409, "Booking.noShowNotAgreed");
    if (booking.start.getTime() > now.getTime()) throw new AppError(409, "Booking.noShowTooEarly");
    await tx.quoteBooking.update({
      where: { id: booking.id },
      data: { status: "no_show", endedBy: side, endReason: "", endedAt: now },
    });
    await tx.quoteBookingSlot.deleteMany({ where: { bookingId: booking.id } });
    await audit(tx, viewer, "noShow", request.id, { side, start: booking.start.toISOString() });
    await mailSide(tx, request, other(side), "bookingNoShow", {
      time: { start: booking.start, minutes: booking.minutes ?? 0 },
    });
  });
  // A no-show counts on the service's page (job-figures.ts): the pages kept drop it.
  await announceCatalogChange();
  return view;
}

/**
 * The request itself is cancelled (by the driver, the chosen shop or an admin): its active booking
 * ends with it, in the same transaction, with that reason and the same late rule. The request's
 * own mails tell the other side.
 */
export async function cancelBookingWithRequest(
  tx: Tx,
  requestId: string,
  close: { closedBy: "driver" | "shop" | "admin"; closedById: string; reason: string; now: Date },
): Promise<void> {
  const booking = await tx.quoteBooking.findUnique({
    where: { requestId },
    select: { id: true, status: true, start: true },
  });
  if (!booking || !isActiveBooking(booking.status)) return;
  const by = close.closedBy === "admin" ? null : close.closedBy === "shop" ? "service" : "driver";
  const { lateCancel } = await endBooking(tx, booking, { by, reason: close.reason, now: close.now });
  await writeAudit(
    tx,
    close.closedById,
    "booking.cancel",
    "quoteRequest",
    requestId,
    { side: by, reason: close.reason, lateCancel, withRequest: true },
    { asAdmin: false },
  );
}
