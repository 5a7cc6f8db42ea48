"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState, useSyncExternalStore } from "react";

import type { LatLng } from "@/domain/service/distance";

export type GeoState = { status: "idle" } | { status: "locating" } | { status: "error"; message: string };

/**
 * One browser position request at a time, with the spec's translated failures. A position found
 * is remembered for distances on other pages of this tab (useVisitorPoint).
 */
export function useGeolocation(onFound: (point: LatLng) => void) {
  const t = useTranslations("Filters");
  const [state, setState] = useState<GeoState>({ status: "idle" });
  const locate = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setState({ status: "error", message: t("geoUnsupported") });
      return;
    }
    setState({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ status: "idle" });
        const point = {
          lat: Number(position.coords.latitude.toFixed(5)),
          lng: Number(position.coords.longitude.toFixed(5)),
        };
        rememberVisitorPoint(point);
        onFound(point);
      },
      (error) =>
        setState({ status: "error", message: error.code === error.PERMISSION_DENIED ? t("geoDenied") : t("geoError") }),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }, [onFound, t]);
  return { state, locate };
}

/**
 * The visitor's own position, once they shared it in this tab: kept in sessionStorage (not for
 * longer: where someone is stays theirs) and ignored after half an hour (people move).
 */
const POINT_KEY = "visitorPoint";
const POINT_FRESH_MS = 30 * 60_000;
const pointListeners = new Set<() => void>();
let pointRead: { raw: string | null; point: LatLng | null } = { raw: null, point: null };

function rememberVisitorPoint(point: LatLng) {
  try {
    window.sessionStorage.setItem(POINT_KEY, JSON.stringify({ ...point, at: Date.now() }));
  } catch {
    return; // storage refused (private mode, quota): the distance is simply not offered elsewhere
  }
  for (const listener of pointListeners) listener();
}

function readVisitorPoint(): LatLng | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(POINT_KEY);
  } catch {
    // storage refused: no remembered point
  }
  if (raw !== pointRead.raw) pointRead = { raw, point: parseVisitorPoint(raw) };
  return pointRead.point;
}

function parseVisitorPoint(raw: string | null): LatLng | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { lat?: unknown; lng?: unknown; at?: unknown };
    if (
      typeof value.lat !== "number" ||
      typeof value.lng !== "number" ||
      typeof value.at !== "number" ||
      Date.now() - value.at > POINT_FRESH_MS
    )
      return null;
    return { lat: value.lat, lng: value.lng };
  } catch {
    return null;
  }
}

function subscribeVisitorPoint(listener: () => void) {
  pointListeners.add(listener);
  return () => pointListeners.delete(listener);
}

/** The visitor's position if they shared it in this tab lately; null on the server and otherwise. */
export function useVisitorPoint(): LatLng | null {
  return useSyncExternalStore(subscribeVisitorPoint, readVisitorPoint, () => null);
}

/**
 * `title` heads the failure, e.g. the distance sort's "Unable to retrieve your location" (spec §8),
 * above the reason (denied, unavailable or timed out).
 */
export function GeoFeedback({ state, onRetry, title }: { state: GeoState; onRetry: () => void; title?: string }) {
  const t = useTranslations("Filters");
  if (state.status === "locating") {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t("locating")}
      </p>
    );
  }
  if (state.status !== "error") return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <span>
        {title ? <strong className="block">{title}</strong> : null}
        {state.message}
      </span>
      <button type="button" onClick={onRetry} className="rounded-md bg-red-700 px-3 py-1 font-medium text-white">
        {t("tryAgain")}
      </button>
    </div>
  );
}
