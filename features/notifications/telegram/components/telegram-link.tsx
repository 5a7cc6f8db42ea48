"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";

import type { TelegramLinkState } from "../answers";

type Props = {
  linked: boolean;
  username?: string | null;
  available: boolean;
  /** Called once the link changed (linked in Telegram, or unlinked here): the settings read it again. */
  onChanged: () => void;
};

/** How often the page asks whether Start was pressed, and for how long (a code's life). */
const POLL_MS = 3000;
const POLL_FOR_MS = 15 * 60_000;

const BUTTON =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60";

/**
 * The Telegram part of the notification settings on /profile: a one-time link to the bot
 * (opened in a new tab; the page then asks every 3 s whether the chat is linked, for as long as
 * the link lives), or the linked chat and a way to unlink it.
 */
export function TelegramLink({ linked, username, available, onChanged }: Props) {
  const t = useTranslations("Telegram");
  const ta = useTranslations("Account");
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [waitingUrl, setWaitingUrl] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);

  // While a link waits for Start: ask, every few seconds, until it is linked or the link is dead.
  useEffect(() => {
    if (!waitingUrl) return;
    const until = Date.now() + POLL_FOR_MS;
    let stopped = false;
    const timer = setInterval(() => {
      if (Date.now() > until) {
        clearInterval(timer);
        setWaitingUrl(null);
        setExpired(true);
        return;
      }
      void fetch("/api/users/telegram", { headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<TelegramLinkState>) : null))
        .then((state) => {
          if (stopped || !state?.linked) return;
          clearInterval(timer);
          setWaitingUrl(null);
          toast.success(t("linkedToast"));
          changed.current();
        })
        // A missed poll (offline a moment) is no failure: the next one asks again.
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waitingUrl, t]);

  if (!available) return <p className="text-sm text-slate-600">{t("unavailable")}</p>;

  const link = async () => {
    // The tab is opened now, in the click, and sent to the link when it comes: a tab opened after
    // the request would be taken for a pop-up and blocked.
    const tab = window.open("", "_blank");
    setBusy(true);
    setExpired(false);
    try {
      const { url } = await postJson<{ url: string }>(
        "/api/users/telegram/link",
        undefined,
        "POST",
        ta("networkError"),
      );
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      }
      setWaitingUrl(url);
    } catch (error) {
      tab?.close();
      toast.error(error instanceof Error && error.message ? error.message : t("failed"));
    } finally {
      setBusy(false);
    }
  };

  const unlink = async () => {
    setBusy(true);
    try {
      await postJson("/api/users/telegram", undefined, "DELETE", ta("networkError"));
      toast.success(t("unlinked"));
      onChanged();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t("failed"));
    } finally {
      setBusy(false);
    }
  };

  if (linked)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm">{username ? t("linkedAs", { username }) : t("linkedNoName")}</p>
        <ConfirmButton
          label={busy ? t("unlinking") : t("unlink")}
          question={t("unlinkQuestion")}
          confirmLabel={t("unlinkConfirm")}
          onConfirm={() => void unlink()}
          disabled={busy}
          className={BUTTON}
        />
      </div>
    );

  return (
    <div className="space-y-2">
      <p id={`${id}-intro`} className="text-sm text-slate-700">
        {t("intro")}
      </p>
      <button
        type="button"
        className={BUTTON}
        disabled={busy}
        aria-busy={busy}
        aria-describedby={`${id}-intro`}
        onClick={() => void link()}
      >
        {busy ? t("linking") : t("link")}
      </button>
      <div role="status" aria-live="polite" className="text-sm text-slate-700">
        {waitingUrl ? (
          <p>
            {t("waiting")}{" "}
            <a
              href={waitingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline"
            >
              {t("openTelegram")}
            </a>
          </p>
        ) : expired ? (
          <p>{t("waitExpired")}</p>
        ) : null}
      </div>
    </div>
  );
}
