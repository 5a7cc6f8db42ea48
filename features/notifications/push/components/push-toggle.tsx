"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";

import { ApiError } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";

import {
  currentSubscription,
  declinePushOffers,
  fetchPushState,
  pushSupported,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  workerRegistration,
} from "./browser-push";

type State = "loading" | "unsupported" | "unavailable" | "blocked" | "on" | "off";

/**
 * Push in THIS browser, for the Notifications section of /profile: whether it is subscribed
 * (the browser's own PushManager knows; the server only counts a person's browsers), a button
 * to turn it on or off, and why it cannot be when the permission is blocked, the browser has no
 * push, or the server sends none (`available`, from the settings' answer). `onChanged` tells the
 * section, which may show the count again.
 */
export function PushToggle({
  available,
  onChanged,
}: {
  available: boolean;
  onChanged?: (subscribed: boolean) => void;
}) {
  const t = useTranslations("Push");
  const ta = useTranslations("Account");
  const status = useId();
  const [state, setState] = useState<State>("loading");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const next: State = !available
        ? "unavailable"
        : !pushSupported() || !(await workerRegistration().catch(() => null))
          ? "unsupported"
          : Notification.permission === "denied"
            ? "blocked"
            : (await currentSubscription().catch(() => null)) && Notification.permission === "granted"
              ? "on"
              : "off";
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, [available]);

  async function turnOn() {
    setBusy(true);
    try {
      const server = await fetchPushState();
      if (!server?.available || !server.publicKey) {
        setState("unavailable");
        return;
      }
      const result = await subscribeThisBrowser(server.publicKey, ta("networkError"));
      if (result === "blocked") setState("blocked");
      if (result !== "subscribed") return;
      setState("on");
      toast.success(t("toggle.turnedOn"));
      onChanged?.(true);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t("failed"));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await unsubscribeThisBrowser(ta("networkError"));
      // Turned off on purpose: the next request's page does not ask again straight away.
      declinePushOffers();
      setState("off");
      toast.success(t("toggle.turnedOff"));
      onChanged?.(false);
    } catch (error) {
      // The server's refusal is translated; the browser's own errors are not: they get ours.
      toast.error(error instanceof ApiError ? error.message : t("toggle.offFailed"));
    } finally {
      setBusy(false);
    }
  }

  const said: Record<Exclude<State, "loading">, string> = {
    unsupported: t("toggle.unsupported"),
    unavailable: t("toggle.unavailable"),
    blocked: t("toggle.blocked"),
    on: t("toggle.on"),
    off: t("toggle.off"),
  };

  return (
    <div className="space-y-2" aria-busy={state === "loading" || busy}>
      <p id={status} role="status" className="text-sm text-slate-700">
        {state === "loading" ? t("toggle.working") : said[state]}
      </p>
      {state === "on" || state === "off" ? (
        <button
          type="button"
          disabled={busy}
          aria-describedby={status}
          onClick={() => void (state === "on" ? turnOff() : turnOn())}
          className={
            state === "on"
              ? "min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
              : "min-h-11 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          }
        >
          {busy ? t("toggle.working") : state === "on" ? t("toggle.turnOff") : t("toggle.turnOn")}
        </button>
      ) : null}
    </div>
  );
}
