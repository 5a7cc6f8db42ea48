"use client";

import { useEffect } from "react";

import type { StatKind } from "@/features/stats/events";

/** Owners' analytics (features/stats/server/service-stats.ts): one small beacon, no cookie, nothing personal. */
export function sendStat(serviceId: string, kind: StatKind): void {
  const body = new Blob([JSON.stringify({ kind })], { type: "application/json" });
  navigator.sendBeacon?.(`/api/items/${serviceId}/events`, body);
}

/**
 * Counts taps on anything marked `data-track="call|directions|messenger"` with
 * `data-track-service="<id>"`, on every page (cards and service pages). Saves are counted by the
 * save toggle itself.
 */
export function TrackEvents() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest<HTMLElement>("[data-track][data-track-service]");
      if (!target) return;
      sendStat(target.dataset.trackService!, target.dataset.track as StatKind);
    };
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);
  return null;
}

/** The service page: one view per visit (the server keeps repeats out). */
export function TrackView({ serviceId }: { serviceId: string }) {
  useEffect(() => sendStat(serviceId, "view"), [serviceId]);
  return null;
}
