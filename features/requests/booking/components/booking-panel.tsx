"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";

import { ApiError, fieldMessages, postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";

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

  /** A write: its answer is the new view; a refusal is shown where it belongs, or as a toast. */
  const write = async (path: string, body: unknown, method = "POST", done?: string) => {
    setBusy(true);
    try {
      const next = await postJson<BookingView>(`/api/requests/${requestId}/booking${path}?lng=${locale}`, body, method);
      queries.setQueryData(bookingKey(requestId), next);
      setOpen(null);
      if (done) toast.success(done);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors) return fieldMessages(error);
      toast.error(error instanceof Error ? error.message : t("loadError"));
      void queries.invalidateQueries({ queryKey: bookingKey(requestId) });
      return null;
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

type Write = (path: string, body: unknown, method?: string, done?: string) => Promise<Record<string, string> | null>;

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
                    {view.canConfirm ? (
                      <button
                        type="button"
                        disabled={busy}
                        className={PRIMARY}
                        onClick={() => void write("", { slot: slot._id }, "PUT", t("picked"))}
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
            onClick={() => void write("/no-show", undefined, "POST", t("noShowDone"))}
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
          busy={busy}
          write={write}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === "otherTimes" && view.canAskOtherTimes ? (
        <TextForm
          label={t("otherTimesLabel")}
          field="note"
          required={false}
          submit={t("otherTimesSend")}
          busy={busy}
          onClose={() => setOpen(null)}
          send={(text) => write("/other-times", { note: text }, "POST", t("otherTimesSent"))}
        />
      ) : null}
      {open === "cancel" && view.canCancel ? (
        <TextForm
          label={t("cancelReason")}
          field="reason"
          required
          warning={view.cancelWouldBeLate ? t("cancelLate") : undefined}
          submit={t("cancelConfirm")}
          closeLabel={t("keep")}
          busy={busy}
          onClose={() => setOpen(null)}
          send={(text) => write("/cancel", { reason: text }, "POST", t("cancelled"))}
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

/** Tomorrow at 10:00 in Kyiv, an hour long: where a new slot starts. */
function draftSlot(): SlotDraft {
  const tomorrow = instantToWallClock(new Date(Date.now() + 86_400_000));
  return { date: tomorrow.slice(0, 10), time: "10:00", minutes: 60 };
}

function ProposeForm({
  moving,
  busy,
  write,
  onClose,
}: {
  moving: boolean;
  busy: boolean;
  write: Write;
  onClose: () => void;
}) {
  const t = useTranslations("Booking.panel");
  const id = useId();
  const [slots, setSlots] = useState<SlotDraft[]>(() => [draftSlot()]);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (index: number, patch: Partial<SlotDraft>) =>
    setSlots((current) => current.map((slot, at) => (at === index ? { ...slot, ...patch } : slot)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = await write(
      "",
      {
        slots: slots.map((slot) => ({ start: `${slot.date}T${slot.time}`, minutes: slot.minutes })),
        reason,
      },
      "POST",
      t("sent"),
    );
    setErrors(refused ?? {});
  };
  const duration = (minutes: number) =>
    t("durationOption", { hours: Math.floor(minutes / 60), minutes: minutes % 60 }).trim();
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3 rounded-lg bg-slate-50 p-3" noValidate>
      <p className="font-medium">{t("proposeTitle")}</p>
      {errors.slots ? <FormAlert>{errors.slots}</FormAlert> : null}
      {slots.map((slot, index) => (
        <fieldset key={index} className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
          <legend className="px-1 text-sm font-medium">{t("slotLegend", { n: index + 1 })}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            <Labelled id={`${id}-date-${index}`} label={t("date")} error={errors[`slots.${index}.start`]}>
              {(control) => (
                <input
                  type="date"
                  required
                  value={slot.date}
                  onChange={(event) => change(index, { date: event.target.value })}
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
                  value={slot.time}
                  onChange={(event) => change(index, { time: event.target.value })}
                  className={FIELD_INPUT}
                  {...control}
                />
              )}
            </Labelled>
            <Labelled id={`${id}-minutes-${index}`} label={t("duration")} error={errors[`slots.${index}.minutes`]}>
              {(control) => (
                <select
                  value={slot.minutes}
                  onChange={(event) => change(index, { minutes: Number(event.target.value) })}
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
          {slots.length > 1 ? (
            <button
              type="button"
              className="text-sm text-red-700 underline"
              onClick={() => setSlots((current) => current.filter((_, at) => at !== index))}
            >
              {t("removeSlot", { n: index + 1 })}
            </button>
          ) : null}
        </fieldset>
      ))}
      {slots.length < BOOKING_MAX_SLOTS ? (
        <button type="button" className={SECONDARY} onClick={() => setSlots((current) => [...current, draftSlot()])}>
          {t("addSlot")}
        </button>
      ) : null}
      <Labelled id={`${id}-reason`} label={moving ? t("reasonLabel") : t("reasonOptional")} error={errors.reason}>
        {(control) => (
          <textarea
            rows={2}
            maxLength={BOOKING_TEXT_MAX}
            required={moving}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
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

function TextForm({
  label,
  field,
  required,
  warning,
  submit,
  closeLabel,
  busy,
  onClose,
  send,
}: {
  label: string;
  field: string;
  required: boolean;
  warning?: string;
  submit: string;
  closeLabel?: string;
  busy: boolean;
  onClose: () => void;
  send: (text: string) => Promise<Record<string, string> | null>;
}) {
  const t = useTranslations("Booking.panel");
  const id = useId();
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      noValidate
      className="space-y-3 rounded-lg bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send(text).then((refused) => setErrors(refused ?? {}));
      }}
    >
      {warning ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {warning}
        </p>
      ) : null}
      <Labelled id={`${id}-${field}`} label={label} error={errors[field]}>
        {(control) => (
          <textarea
            rows={2}
            maxLength={BOOKING_TEXT_MAX}
            required={required}
            value={text}
            onChange={(event) => setText(event.target.value)}
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
