"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";

import { ApiError } from "@/components/ui/api-client";
import { useAction } from "@/components/ui/use-action";
import type { LiveStatusView } from "@/features/hours/answers";
import {
  isOpenState,
  LIVE_NOTE_MAX,
  LIVE_STATES,
  LIVE_STATUS_DEFAULT_HOURS,
  type LiveState,
} from "@/features/hours/live-status";

const DURATIONS = [1, 3, LIVE_STATUS_DEFAULT_HOURS, 12, 24];

/**
 * /mystos and the master's profile: the owner says what is happening in one tap (the state
 * buttons send at once, for the chosen time); "closed for now" waits for the reason first.
 */
export function LiveStatusPanel({
  serviceId,
  initial,
  timeZone,
}: {
  serviceId: string;
  initial: LiveStatusView | null;
  timeZone: string;
}) {
  const t = useTranslations("LiveStatus");
  const format = useFormatter();
  const [current, setCurrent] = useState(initial);
  const [hours, setHours] = useState(LIVE_STATUS_DEFAULT_HOURS);
  const [note, setNote] = useState(initial?.note ?? "");
  const [asking, setAsking] = useState<LiveState | null>(null);
  const { busy, run } = useAction();
  const [error, setError] = useState("");
  const id = useId();
  const url = `/api/items/users/${serviceId}/status`;

  async function send(state: LiveState) {
    if (state === "closed" && !note.trim()) {
      setAsking("closed");
      setError(t("noteRequired"));
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    setError("");
    // The refusal is said beside the note it is about, not toasted.
    await run<LiveStatusView>(
      { url, method: "PUT", body: { state, note, hours } },
      {
        success: t("saved"),
        refresh: false,
        then: (saved) => {
          setCurrent(saved);
          setAsking(null);
        },
        onError: (failure, message) => {
          setError(
            failure instanceof ApiError ? (Object.values(failure.errors ?? {})[0]?.message ?? message) : message,
          );
          return null;
        },
      },
    );
  }

  const clear = () =>
    run(
      { url, method: "DELETE" },
      {
        success: t("cleared"),
        refresh: false,
        then: () => {
          setCurrent(null);
          setNote("");
        },
      },
    );

  const time = (iso: string) =>
    format.dateTime(new Date(iso), { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
  return (
    <fieldset className="w-full space-y-3 rounded-lg border border-slate-200 p-3" aria-describedby={`${id}-now`}>
      <legend className="px-1 font-semibold">{t("title")}</legend>
      <p id={`${id}-now`} className="text-sm text-slate-700" role="status">
        {current ? t("current", { state: t("state", { state: current.state }), time: time(current.until) }) : t("none")}
      </p>
      <div className="flex flex-wrap gap-2">
        {LIVE_STATES.map((state) => {
          const active = current?.state === state;
          return (
            <button
              key={state}
              type="button"
              disabled={busy}
              aria-pressed={active}
              onClick={() => void send(state)}
              // The state in force is filled and ticked: a ring alone read like the focus, or like nothing.
              className={`rounded-full border px-3 py-2 text-sm font-medium disabled:opacity-60 ${
                active
                  ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
                  : isOpenState(state)
                    ? "border-emerald-300 bg-emerald-50 text-emerald-900 hover:bg-emerald-100"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              }`}
            >
              {active ? <span aria-hidden>✓ </span> : null}
              {t("state", { state })}
            </button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("lasts")}</span>
          <select
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            {DURATIONS.map((value) => (
              <option key={value} value={value}>
                {t("hours", { hours: value })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-48 flex-1 flex-col gap-1">
          <span className="font-medium">{asking === "closed" ? t("noteForClosed") : t("note")}</span>
          <input
            id={`${id}-note`}
            value={note}
            maxLength={LIVE_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="rounded-md border border-slate-300 px-2 py-1.5"
          />
        </label>
        {current ? (
          <button
            type="button"
            onClick={() => void clear()}
            disabled={busy}
            className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-60"
          >
            {t("clear")}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
