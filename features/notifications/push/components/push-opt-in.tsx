"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";

import { ApiError } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";

import {
  ASK_AGAIN_AFTER_MS,
  declinedAt,
  declinePushOffers,
  fetchPushState,
  pushSupported,
  subscribeThisBrowser,
  workerRegistration,
} from "./browser-push";

/**
 * "Get answers on this phone?": push is offered right after the person did something it helps
 * with (sent a request for a price), never on a page's load: browsers quiet or block sites that
 * ask for the permission unprompted (Chrome's quieter permission UI, Safari only from a click),
 * and a person asked out of the blue says no for good. The form that acted calls
 * offerPushAfter(id) before it moves on; the page it moves to mounts <PushOptIn offerFor={id} />,
 * which shows once, and only when this browser can receive push, is not subscribed, has not
 * blocked notifications (Notification.permission "default", or "granted" without a
 * subscription), the person did not say "Not now" or turn push off lately, and the server sends push.
 */
const OFFER_KEY = "maister:push-offer";

/** Called by a form right after its action succeeded: the next page may offer push for `id`. */
export function offerPushAfter(id: string): void {
  try {
    sessionStorage.setItem(OFFER_KEY, id);
  } catch {
    // Storage refused (private mode): no offer, nothing else changes.
  }
}

/** Whether an offer was left for `id` (and not declined lately). */
function offered(id: string): boolean {
  try {
    return sessionStorage.getItem(OFFER_KEY) === id && Date.now() - declinedAt() > ASK_AGAIN_AFTER_MS;
  } catch {
    return false;
  }
}

/**
 * The offer taken once it shows, so that reloading the page does not ask again. Not before: the
 * page may mount its parts more than once while it settles, and the first mount must not use it up.
 */
function takeOffer(): void {
  try {
    sessionStorage.removeItem(OFFER_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

export function PushOptIn({ offerFor }: { offerFor: string }) {
  const t = useTranslations("Push");
  const ta = useTranslations("Account");
  const heading = useId();
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!offered(offerFor) || !pushSupported() || Notification.permission === "denied") return;
    let live = true;
    void (async () => {
      const [state, registration] = await Promise.all([fetchPushState(), workerRegistration().catch(() => null)]);
      if (!state?.available || !state.publicKey || !registration) return;
      // Allowed before (for this site, by another feature or a subscription since removed) but not
      // subscribed: still worth asking, and Yes needs no browser prompt then.
      if (Notification.permission === "granted" && (await registration.pushManager.getSubscription())) return;
      if (!live) return;
      takeOffer();
      setPublicKey(state.publicKey);
    })();
    return () => {
      live = false;
    };
  }, [offerFor]);

  if (!publicKey) return null;

  async function yes(key: string) {
    setBusy(true);
    try {
      const result = await subscribeThisBrowser(key, ta("networkError"));
      if (result === "subscribed") toast.success(t("optIn.turnedOn"));
      else if (result === "blocked") toast.info(t("optIn.blocked"));
      setPublicKey(null);
    } catch (error) {
      // The server's refusal is translated; the browser's own errors are not: they get ours.
      toast.error(error instanceof ApiError ? error.message : t("failed"));
      setBusy(false);
    }
  }

  function notNow() {
    declinePushOffers();
    setPublicKey(null);
  }

  return (
    <section
      aria-labelledby={heading}
      className="border-brand-200 flex flex-col gap-3 rounded-xl border bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="space-y-1">
        <h2 id={heading} className="font-semibold text-slate-900">
          {t("optIn.question")}
        </h2>
        <p className="text-sm text-slate-700">{t("optIn.hint")}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void yes(publicKey)}
          className="min-h-11 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t("optIn.yes")}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={notNow}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          {t("optIn.notNow")}
        </button>
      </div>
    </section>
  );
}

// The Notifications section of /profile imports the toggle from here (notification-settings.tsx).
export { PushToggle } from "./push-toggle";
