"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";

import { ApiError, postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";

import { CHANNELS, type Channel, type NotificationEvent } from "../events";
import { PushToggle } from "../push/components/push-opt-in";
import type { NotificationSettingsView } from "../server/settings";
import { TelegramLink } from "../telegram/components/telegram-link";

/**
 * /profile's Notifications card: the channels (on or off, and what each is for this person),
 * a channel box per event, and the quiet hours. Saved with one PUT; the server's refusal is shown
 * with its translated message.
 */
export function NotificationSettings({ initial }: { initial: NotificationSettingsView }) {
  const t = useTranslations("Notifications");
  const id = useId();
  const [view, setView] = useState(initial);
  const [channels, setChannels] = useState(initial.channels);
  const [events, setEvents] = useState(initial.events);
  const [quietOn, setQuietOn] = useState(initial.quietHours !== null);
  const [quiet, setQuiet] = useState(initial.quietHours ?? { from: "22:00", to: "08:00" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => {
    void fetch("/api/users/notifications")
      .then((response) => (response.ok ? (response.json() as Promise<NotificationSettingsView>) : null))
      .then((next) => next && setView(next))
      .catch(() => undefined);
  };

  const ready: Record<Channel, boolean> = {
    email: true,
    telegram: view.telegram.available && view.telegram.linked,
    push: view.push.available && view.push.subscriptions > 0,
  };

  const toggle = (event: NotificationEvent, channel: Channel, on: boolean) =>
    setEvents((current) => {
      const chosen = new Set(current[event] ?? []);
      if (on) chosen.add(channel);
      else chosen.delete(channel);
      return { ...current, [event]: CHANNELS.filter((c) => chosen.has(c)) };
    });

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await postJson<NotificationSettingsView>(
        "/api/users/notifications",
        { channels, events, quietHours: quietOn ? quiet : null },
        "PUT",
      );
      setView(saved);
      setChannels(saved.channels);
      setEvents(saved.events);
      toast.success(t("saved"));
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (Object.values(failure.errors ?? {})[0]?.message ?? failure.message)
          : t("saveFailed"),
      );
    } finally {
      setBusy(false);
    }
  };

  const status = (channel: Channel): ReactNode =>
    channel === "email" ? (
      <p className="text-sm break-all text-slate-600">{t("emailTo", { email: view.email })}</p>
    ) : channel === "telegram" ? (
      <TelegramLink
        available={view.telegram.available}
        linked={view.telegram.linked}
        username={view.telegram.username}
        onChanged={refresh}
      />
    ) : (
      <PushToggle available={view.push.available} onChanged={refresh} />
    );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mx-auto mt-6 max-w-2xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {t("title")}
        </h2>
        <p className="text-sm text-slate-600">{t("intro")}</p>
      </div>

      <fieldset className="space-y-4">
        <legend className="font-semibold">{t("channelsTitle")}</legend>
        {CHANNELS.map((channel) => (
          <div key={channel} className="space-y-2 rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">{t("channel", { channel })}</h3>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-600"
                  checked={channels[channel]}
                  onChange={(event) => setChannels({ ...channels, [channel]: event.target.checked })}
                />
                {t("channelUse", { channel })}
              </label>
            </div>
            {status(channel)}
            {!ready[channel] ? <p className="text-xs text-slate-500">{t("notReady")}</p> : null}
          </div>
        ))}
      </fieldset>

      <div className="space-y-2">
        <h3 className="font-semibold">{t("eventsTitle")}</h3>
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th scope="col" className="py-2 pr-2 font-medium">
                <span className="sr-only">{t("eventsTitle")}</span>
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-medium sm:w-24">
                  {t("channelShort", { channel })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(Object.keys(events) as NotificationEvent[]).map((event) => (
              <tr key={event} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-3 pr-2 text-left font-normal">
                  <span className="block font-medium">{t("event", { event })}</span>
                  <span className="block text-xs text-slate-600">{t("eventHint", { event })}</span>
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel} className="px-1 py-2 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600 disabled:opacity-40"
                      aria-label={t("eventChannel", {
                        event: t("event", { event }),
                        channel: t("channelShort", { channel }),
                      })}
                      checked={(events[event] ?? []).includes(channel)}
                      disabled={!channels[channel]}
                      onChange={(change) => toggle(event, channel, change.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <fieldset className="space-y-3">
        <legend className="font-semibold">{t("quietTitle")}</legend>
        <p className="text-sm text-slate-600">{t("quietHint")}</p>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand-600"
            checked={quietOn}
            onChange={(event) => setQuietOn(event.target.checked)}
          />
          {t("quietOn")}
        </label>
        <div className="flex flex-wrap gap-4">
          {(["from", "to"] as const).map((end) => (
            <label key={end} className="block text-sm font-medium">
              {end === "from" ? t("quietFrom") : t("quietTo")}
              <input
                type="time"
                step={60}
                required
                disabled={!quietOn}
                value={quiet[end]}
                onChange={(event) => setQuiet({ ...quiet, [end]: event.target.value })}
                className={`${FIELD_INPUT} mt-1 w-32`}
              />
            </label>
          ))}
        </div>
      </fieldset>

      {error ? <FormAlert>{error}</FormAlert> : null}
      <button
        type="button"
        onClick={() => void save()}
        disabled={busy}
        aria-busy={busy}
        className="min-h-11 rounded-lg bg-brand-600 px-5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t("saving") : t("save")}
      </button>
    </section>
  );
}
