"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { FIELD_INPUT } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";

/**
 * The owner's private calendar feed: its address to copy (and how to add it to Google Calendar),
 * a new address (the old one stops working), or the feed turned off.
 */
export function CalendarFeedBox({ initialUrl }: { initialUrl: string | null }) {
  const t = useTranslations("Booking.calendar");
  const id = useId();
  const [url, setUrl] = useState(initialUrl);
  const [busy, setBusy] = useState(false);
  const BUTTON =
    "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60";
  const change = async (method: "POST" | "DELETE", done: string) => {
    setBusy(true);
    try {
      const answer = await postJson<{ url: string | null }>("/api/users/calendar-feed", undefined, method);
      setUrl(answer.url);
      toast.success(done);
    } catch {
      toast.error(t("feedError"));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("copied"));
    } catch {
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        {t("feedTitle")}
      </h2>
      <p className="text-sm text-slate-700">{t("feedIntro")}</p>
      {url ? (
        <>
          <label htmlFor={`${id}-url`} className="block text-sm font-medium">
            {t("feedAddress")}
          </label>
          <input
            id={`${id}-url`}
            readOnly
            value={url}
            className={`${FIELD_INPUT} font-mono text-xs`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={BUTTON} onClick={() => void copy()}>
              {t("copy")}
            </button>
            <button type="button" className={BUTTON} disabled={busy} onClick={() => void change("POST", t("renewed"))}>
              {t("renew")}
            </button>
            <button
              type="button"
              className={BUTTON}
              disabled={busy}
              onClick={() => void change("DELETE", t("turnedOff"))}
            >
              {t("turnOff")}
            </button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">{t("feedOff")}</p>
          <button type="button" className={BUTTON} disabled={busy} onClick={() => void change("POST", t("renewed"))}>
            {t("feedOn")}
          </button>
        </div>
      )}
    </section>
  );
}
