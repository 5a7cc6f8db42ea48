"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";

import { isOpenState, type BadgeStatus } from "@/features/hours/live-status";
import { openingLabel } from "@/features/hours/timetable";
import { useRouter } from "@/i18n/navigation";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Changes this page has asked the server about once already: every badge passing one asks once. */
const refreshedFor = new Set<string>();

const TONES = {
  open: "bg-emerald-100 text-emerald-800",
  soon: "bg-amber-100 text-amber-900",
  closed: "bg-slate-100 text-slate-700",
  unknown: "bg-slate-100 text-slate-600 italic",
} as const;

type Props = { status: BadgeStatus; timeZone: string; renderedAt: string; className?: string };

/**
 * "Open until 18:00", "Closes in 20 min", "Opens Mon 09:00"… First rendered at the server's
 * instant (`renderedAt`), so the HTML and hydration agree; then kept current while the page stays
 * open, and when the status changes the page is read again for the change after it. While the
 * owner's live word lasts it is what the badge says ("Open on generator · updated 12 min ago").
 */
export function OpeningBadge({ status, timeZone, renderedAt, className = "" }: Props) {
  const t = useTranslations("Opening");
  const tl = useTranslations("LiveStatus");
  const format = useFormatter();
  const router = useRouter();
  const [now, setNow] = useState(() => Date.parse(renderedAt));

  useEffect(() => {
    const change = status.nextChange;
    if (!change) return;
    // Counted on the server's clock, so a device clock that is off cannot ask again and again.
    const skew = Date.parse(renderedAt) - Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const left = Date.parse(change.at) - (Date.now() + skew);
      if (left <= 0) {
        if (!refreshedFor.has(change.at)) {
          refreshedFor.add(change.at);
          router.refresh();
        }
        return;
      }
      // Every minute in the last hour before a closing; else hourly (a weekday may become "today"), or at the change.
      const wait =
        status.openNow && left <= HOUR_MS
          ? left % MINUTE_MS || MINUTE_MS
          : Math.min(status.openNow ? left - HOUR_MS + MINUTE_MS : left, HOUR_MS);
      timer = setTimeout(() => {
        setNow(Date.now() + skew);
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [status, renderedAt, router]);

  const live = status.liveStatus;
  if (live && now < Date.parse(live.until)) {
    return (
      <>
        <span className={`rounded-full ${isOpenState(live.state) ? TONES.open : TONES.closed} ${className}`}>
          {tl("badge", { state: live.state })}
        </span>
        <span className={`text-slate-600 ${className}`}>
          {tl("updated", { ago: format.relativeTime(Date.parse(live.updatedAt), now) })}
        </span>
      </>
    );
  }
  const label = openingLabel(status, timeZone, now);
  const day = "day" in label ? t("day", { day: label.day }) : "";
  const [text, tone] = (() => {
    switch (label.kind) {
      case "closesIn":
        return [t("closesIn", { minutes: label.minutes }), TONES.soon];
      case "openUntil":
        return [t("openUntil", { time: label.time }), TONES.open];
      case "openUntilDay":
        return [t("openUntilDay", { day, time: label.time }), TONES.open];
      case "opensAt":
        return [t("opensAt", { time: label.time }), TONES.closed];
      case "opensOn":
        return [t("opensOn", { day, time: label.time }), TONES.closed];
      case "alwaysOpen":
        return [t("alwaysOpen"), TONES.open];
      case "open":
        return [t("open"), TONES.open];
      case "closed":
        return [t("closed"), TONES.closed];
      case "unknown":
        return [t("unknown"), TONES.unknown];
    }
  })();
  return <span className={`rounded-full ${tone} ${className}`}>{text}</span>;
}
