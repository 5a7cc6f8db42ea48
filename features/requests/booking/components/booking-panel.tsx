"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useFieldArray } from "react-hook-form";

import { ApiError, postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";

import type { BookingView } from "../answers";
import {
  BOOKING_MAX_SLOTS,
  BOOKING_TEXT_MAX,
  BOOKING_TIME_ZONE,
  instantToWallClock,
  SLOT_MAX_MINUTES,
  SLOT_MIN_MINUTES,
  SLOT_STEP_MINUTES,
} from "../rules";

/**
 * The booked time of an accepted request, for the driver (on the request's page, under the chosen
 * service), the chosen shop's owner (in the inbox item) and an admin (read only): the status, the
 * slots to pick from (each saying when it is outside the service's hours), the agreed time with
 * its .ics, and the forms of what the viewer may do now (propose or move times, pick one, ask for
 * other times, cancel with a reason and a warning when late, say the other side did not come).
 * Every answer of a write is the new view, put in place at once. Times are Kyiv's.
 */

const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } });

export function BookingPanel({ requestId }: { requestId: string }) {
  return (
    <QueryClientProvider client={client}>
      <Booking requestId={requestId} />
    </QueryClientProvider>
  );
}

const bookingKey = (requestId: string) => ["requests", requestId, "booking"] as const;
const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-medium focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60";
const PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`;
const DURATIONS = Array.from(
  { length: (SLOT_MAX_MINUTES - SLOT_MIN_MINUTES) / SLOT_STEP_MINUTES + 1 },
  (_, index) => SLOT_MIN_MINUTES + index * SLOT_STEP_MINUTES,
);

type Open = "propose" | "otherTimes" | "cancel" | null;

function Booking({ requestId }: { requestId: string }) {
  const t = useTranslations("Booking.panel");
  const ta = useTranslations("Account");
  const locale = useLocale();
  const headingId = useId();
  const queries = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: bookingKey(requestId),
    queryFn: async (): Promise<BookingView> => {
      const response = await fetch(`/api/requests/${requestId}/booking?lng=${locale}`, { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as BookingView;
    },
    refetchInterval: 60_000,
  });

  /** A write: its answer is the new view, put in place; a refusal is thrown for the form to show. */
  const write: Write = async (path, body, method = "POST", done) => {
    setBusy(true);
    try {
      const next = await postJson<BookingView>(
        `/api/requests/${requestId}/booking${path}?lng=${locale}`,
        body,
        method,
        ta("networkError"),
      );
      queries.setQueryData(bookingKey(requestId), next);
      setOpen(null);
      if (done) toast.success(done);
    } catch (error) {
      // A state that moved meanwhile (the other side picked, cancelled): read it again.
      if (error instanceof ApiError && error.status === 409)
        void queries.invalidateQueries({ queryKey: bookingKey(requestId) });
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold">
        {t("title")}
      </h3>
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("loading")}
        </p>
      ) : query.isError ? (
        <FormAlert>
          {t("loadError")}{" "}
          <button type="button" onClick={() => void query.refetch()} className="font-medium underline">
            {t("retry")}
          </button>
        </FormAlert>
      ) : (
        <BookingBody view={query.data} open={open} setOpen={setOpen} busy={busy} write={write} />
      )}
    </section>
  );
}

type Write = (path: string, body: unknown, method?: string, done?: string) => Promise<void>;

/** A button's write: its refusal is said in a toast. */
const act = (write: Write, ...args: Parameters<Write>) =>
  void write(...args).catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));

function BookingBody({
  view,
  open,
  setOpen,
  busy,
  write,
}: {
  view: BookingView;
  open: Open;
  setOpen: (open: Open) => void;
  busy: boolean;
  write: Write;
}) {
  const t = useTranslations("Booking.panel");
  const { booking } = view;
  const when = useSlotText();
  const own = view.viewer === "service";
  const toggle = (name: Exclude<Open, null>) => setOpen(open === name ? null : name);

  return (
    <div className="space-y-3 text-sm">
      {!booking ? (
        <p className="text-slate-700">
          {view.viewer === "driver" ? t("emptyDriver") : own ? t("emptyService") : t("emptyAdmin")}
        </p>
      ) : (
        <>
          <p className="font-medium" data-booking-status={booking.status}>
            {t("status", { status: booking.status })}
          </p>
          {booking.start && booking.minutes ? (
            <p>
              <span className="text-slate-600">{t("agreed")}: </span>
              <span className="font-medium">{when(booking.start, booking.minutes)}</span>
            </p>
          ) : null}
          {booking.status === "rescheduled" && booking.proposeReason ? (
            <p className="text-slate-700">{t("moveReason", { reason: booking.proposeReason })}</p>
          ) : null}
          {booking.ended && booking.status === "cancelled" ? (
            <p className="text-slate-700">
              {t("endedCancelled", { by: booking.ended.by ?? "none", reason: booking.ended.reason })}
              {booking.lateCancel ? ` ${t("endedLate")}` : ""}
            </p>
          ) : null}
          {booking.ended && booking.status === "no_show" ? (
            <p className="text-slate-700">{t("endedNoShow", { by: booking.ended.by ?? "none" })}</p>
          ) : null}
          {booking.otherTimes ? (
            <div className="rounded-lg bg-amber-50 p-3 text-amber-950">
              <p>{view.viewer === "driver" ? t("otherTimesSent") : t("otherTimesAsked")}</p>
              {booking.otherTimes.note ? (
                <p className="break-words">{t("otherTimesNote", { note: booking.otherTimes.note })}</p>
              ) : null}
            </div>
          ) : null}
          {booking.slots.length ? (
            <div className="space-y-2">
              <p className="text-slate-600">{view.canConfirm ? t("slotsToPick") : t("slotsWaiting")}</p>
              <ul className="space-y-2">
                {booking.slots.map((slot) => (
                  <li
                    key={slot._id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3"
                  >
                    <span>
                      <span className="font-medium">{when(slot.start, slot.minutes)}</span>
                      {slot.outsideHours ? (
                        <span className="ml-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                          {own ? t("outsideHoursOwn") : t("outsideHours")}
                        </span>
                      ) : null}
                    </span>
                    {/* A time already begun is not offered (the server refuses it too). */}
                    {view.canConfirm && !slot.begun ? (
                      <button
                        type="button"
                        disabled={busy}
                        className={PRIMARY}
                        onClick={() => act(write, "", { slot: slot._id }, "PUT", t("picked"))}
                      >
                        {t("pick")}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}

      {view.viewer === "admin" ? <p className="text-slate-600">{t("readOnly")}</p> : null}

      <div className="flex flex-wrap gap-2">
        {view.canPropose ? (
          <button
            type="button"
            className={SECONDARY}
            aria-expanded={open === "propose"}
            onClick={() => toggle("propose")}
          >
            {!booking ? t("propose") : booking.status === "proposed" ? t("proposeAgain") : t("reschedule")}
          </button>
        ) : null}
        {view.canAskOtherTimes ? (
          <button
            type="button"
            className={SECONDARY}
            aria-expanded={open === "otherTimes"}
            onClick={() => toggle("otherTimes")}
          >
            {t("askOtherTimes")}
          </button>
        ) : null}
        {view.icsUrl ? (
          <a href={view.icsUrl} download className={SECONDARY}>
            {t("addToCalendar")}
          </a>
        ) : null}
        {view.canMarkNoShow ? (
          <button
            type="button"
            disabled={busy}
            className={SECONDARY}
            onClick={() => act(write, "/no-show", undefined, "POST", t("noShowDone"))}
          >
            {t("noShow", { viewer: view.viewer })}
          </button>
        ) : null}
        {view.canCancel ? (
          <button
            type="button"
            className={SECONDARY}
            aria-expanded={open === "cancel"}
            onClick={() => toggle("cancel")}
          >
            {t("cancel")}
          </button>
        ) : null}
      </div>

      {open === "propose" && view.canPropose ? (
        <ProposeForm
          moving={booking?.status === "confirmed" || booking?.status === "rescheduled"}
          write={write}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === "otherTimes" && view.canAskOtherTimes ? (
        <TextForm
          label={t("otherTimesLabel")}
          field="note"
          schema={loadOtherTimes}
          submit={t("otherTimesSend")}
          onClose={() => setOpen(null)}
          send={(body) => write("/other-times", body, "POST", t("otherTimesSent"))}
        />
      ) : null}
      {open === "cancel" && view.canCancel ? (
        <TextForm
          label={t("cancelReason")}
          field="reason"
          schema={loadCancel}
          warning={view.cancelWouldBeLate ? t("cancelLate") : undefined}
          submit={t("cancelConfirm")}
          closeLabel={t("keep")}
          onClose={() => setOpen(null)}
          send={(body) => write("/cancel", body, "POST", t("cancelled"))}
        />
      ) : null}
    </div>
  );
}

/** "Mon, 14 Dec, 10:00–11:30" on Kyiv's clock. */
function useSlotText() {
  const format = useFormatter();
  return (start: string, minutes: number) => {
    const from = new Date(start);
    const to = new Date(from.getTime() + minutes * 60_000);
    const day = format.dateTime(from, {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: BOOKING_TIME_ZONE,
    });
    const time = (at: Date) =>
      format.dateTime(at, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: BOOKING_TIME_ZONE });
    return `${day}, ${time(from)}–${time(to)}`;
  };
}

type SlotDraft = { date: string; time: string; minutes: number };
type ProposeValues = { slots: SlotDraft[]; reason: string };

// The server's schemas, fetched at the form's first focus (use-schema-form.ts).
const loadPropose = () => import("../schema").then((schemas) => schemas.proposeInput(new Date()));
const loadCancel = () => import("../schema").then((schemas) => schemas.bookingCancelInput);
const loadOtherTimes = () => import("../schema").then((schemas) => schemas.otherTimesInput);

/** Tomorrow at 10:00 in Kyiv, an hour long: where a new slot starts. */
function draftSlot(): SlotDraft {
  const tomorrow = instantToWallClock(new Date(Date.now() + 86_400_000));
  return { date: tomorrow.slice(0, 10), time: "10:00", minutes: 60 };
}

/** The request of the propose form: each slot's date and time as one wall-clock time. */
const requestOf = (values: ProposeValues) => ({
  slots: values.slots.map((slot) => ({ start: `${slot.date}T${slot.time}`, minutes: Number(slot.minutes) })),
  reason: values.reason,
});

/**
 * One to three slots (a date and a time on Kyiv's clock, a length) and a reason, required when an
 * agreed time moves. Checked with the server's schema; a slot's time refused (too soon, too far,
 * skipped by the clocks) is said under its date and time.
 */
function ProposeForm({ moving, write, onClose }: { moving: boolean; write: Write; onClose: () => void }) {
  const t = useTranslations("Booking.panel");
  const id = useId();
  const { form, busy, failure, error, formProps } = useSchemaForm<ProposeValues, unknown>({
    schema: loadPropose,
    defaultValues: { slots: [draftSlot()], reason: "" },
    request: requestOf,
    rules: (values) => (moving && !values.reason.trim() ? { reason: "Booking.reasonRequired" } : {}),
    // What the schema made of the request has each start as an instant; the server reads the
    // wall-clock times itself, so the request goes as the form wrote it.
    send: (): Promise<void> => write("", requestOf(form.getValues()), "POST", t("sent")),
  });
  const { register, control } = form;
  const slots = useFieldArray({ control, name: "slots" });
  const duration = (minutes: number) =>
    t("durationOption", { hours: Math.floor(minutes / 60), minutes: minutes % 60 }).trim();
  return (
    <form {...formProps} className="space-y-3 rounded-lg bg-slate-50 p-3">
      <p className="font-medium">{t("proposeTitle")}</p>
      {failure ? (
        <FormAlert>{failure.message}</FormAlert>
      ) : error("slots") ? (
        <FormAlert>{error("slots")}</FormAlert>
      ) : null}
      {slots.fields.map((slot, index) => {
        const startError = error(`slots.${index}.start` as "slots");
        return (
          <fieldset key={slot.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
            <legend className="px-1 text-sm font-medium">{t("slotLegend", { n: index + 1 })}</legend>
            {/* The slot's start as the server reads it: named so that its refusal is said here. */}
            <input type="hidden" {...register(`slots.${index}.start` as "slots")} />
            <div className="grid gap-2 sm:grid-cols-3">
              <Labelled id={`${id}-date-${index}`} label={t("date")} error={startError}>
                {(control) => (
                  <input
                    type="date"
                    required
                    {...register(`slots.${index}.date`)}
                    className={FIELD_INPUT}
                    {...control}
                  />
                )}
              </Labelled>
              <Labelled id={`${id}-time-${index}`} label={t("time")}>
                {(control) => (
                  <input
                    type="time"
                    required
                    step={SLOT_STEP_MINUTES * 60}
                    {...register(`slots.${index}.time`)}
                    className={FIELD_INPUT}
                    {...control}
                    aria-invalid={startError ? true : undefined}
                  />
                )}
              </Labelled>
              <Labelled id={`${id}-minutes-${index}`} label={t("duration")} error={error(`slots.${index}.minutes`)}>
                {(control) => (
                  <select
                    {...register(`slots.${index}.minutes`, { valueAsNumber: true })}
                    className={FIELD_INPUT}
                    {...control}
                  >
                    {DURATIONS.map((minutes) => (
                      <option key={minutes} value={minutes}>
                        {duration(minutes)}
                      </option>
                    ))}
                  </select>
                )}
              </Labelled>
            </div>
            {slots.fields.length > 1 ? (
              <button type="button" className="text-sm text-red-700 underline" onClick={() => slots.remove(index)}>
                {t("removeSlot", { n: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {slots.fields.length < BOOKING_MAX_SLOTS ? (
        <button type="button" className={SECONDARY} onClick={() => slots.append(draftSlot())}>
          {t("addSlot")}
        </button>
      ) : null}
      <Labelled id={`${id}-reason`} label={moving ? t("reasonLabel") : t("reasonOptional")} error={error("reason")}>
        {(control) => (
          <textarea
            rows={2}
            maxLength={BOOKING_TEXT_MAX}
            required={moving}
            {...register("reason")}
            className={FIELD_INPUT}
            {...control}
          />
        )}
      </Labelled>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} aria-busy={busy} className={PRIMARY}>
          {busy ? t("sending") : t("send")}
        </button>
        <button type="button" className={SECONDARY} onClick={onClose}>
          {t("close")}
        </button>
      </div>
    </form>
  );
}

/** A form of one text (a note, a reason), checked with the server's schema for it. */
function TextForm({
  label,
  field,
  schema,
  warning,
  submit,
  closeLabel,
  onClose,
  send,
}: {
  label: string;
  field: "note" | "reason";
  schema: () => Promise<import("zod").ZodType<unknown>>;
  warning?: string;
  submit: string;
  closeLabel?: string;
  onClose: () => void;
  send: (body: unknown) => Promise<void>;
}) {
  const t = useTranslations("Booking.panel");
  const id = useId();
  const { form, busy, failure, error, formProps } = useSchemaForm<Record<typeof field, string>, unknown>({
    schema,
    defaultValues: { [field]: "" } as Record<typeof field, string>,
    send,
  });
  return (
    <form {...formProps} className="space-y-3 rounded-lg bg-slate-50 p-3">
      {warning ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {warning}
        </p>
      ) : null}
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <Labelled id={`${id}-${field}`} label={label} error={error(field)}>
        {(control) => (
          <textarea
            rows={2}
            maxLength={BOOKING_TEXT_MAX}
            {...form.register(field)}
            className={FIELD_INPUT}
            {...control}
          />
        )}
      </Labelled>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} aria-busy={busy} className={PRIMARY}>
          {busy ? t("sending") : submit}
        </button>
        <button type="button" className={SECONDARY} onClick={onClose}>
          {closeLabel ?? t("close")}
        </button>
      </div>
    </form>
  );
}
