"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import type { LatLng } from "@/lib/map";

export type GeoState = { status: "idle" } | { status: "locating" } | { status: "error"; message: string };

/** One browser position request at a time, with the spec's translated failures. */
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
        onFound({ lat: Number(position.coords.latitude.toFixed(5)), lng: Number(position.coords.longitude.toFixed(5)) });
      },
      (error) => setState({ status: "error", message: error.code === error.PERMISSION_DENIED ? t("geoDenied") : t("geoError") }),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }, [onFound, t]);
  return { state, locate };
}

/**
 * `title` heads the failure, e.g. the distance sort's "Unable to retrieve your location" (spec 8),
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
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
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
