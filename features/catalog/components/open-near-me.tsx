"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";

import { GeoFeedback, useGeolocation } from "@/components/map/use-geolocation";
import { Spinner } from "@/components/ui/spinner";
import type { LatLng } from "@/domain/service/distance";
import { serializeItemsQuery } from "@/features/catalog/items-query-url";
import { useRouter } from "@/i18n/navigation";

/**
 * "Open now near me" on the home page: asks the browser for the visitor's position, then opens the
 * list of what is open now near it, nearest first. A refusal says why, with Try again, in place.
 */
export function OpenNearMe() {
  const t = useTranslations("Home");
  const tf = useTranslations("Filters");
  const router = useRouter();
  // The list is a navigation: the button turns until it has loaded.
  const [going, startGoing] = useTransition();
  const geo = useGeolocation((near: LatLng) =>
    startGoing(() =>
      router.push({
        pathname: "/services",
        query: Object.fromEntries(serializeItemsQuery({ open: true, near, sort: "nearest" }).entries()),
      }),
    ),
  );
  const busy = geo.state.status === "locating" || going;
  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={busy ? undefined : geo.locate}
        aria-busy={busy || undefined}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-white"
      >
        {busy ? (
          <Spinner />
        ) : (
          <svg aria-hidden viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" strokeLinejoin="round" d="M10 18s6-5.2 6-10A6 6 0 0 0 4 8c0 4.8 6 10 6 10Z" />
            <circle cx="10" cy="8" r="2" />
          </svg>
        )}
        {t("openNearMe")}
      </button>
      <span role="status" className="sr-only">
        {geo.state.status === "locating" ? tf("locating") : ""}
      </span>
      {/* Inside the banner: the reason on white, so it reads as on any page. */}
      {geo.state.status === "error" ? (
        <div className="max-w-md">
          <GeoFeedback state={geo.state} onRetry={geo.locate} title={tf("geoUnavailable")} />
        </div>
      ) : null}
    </div>
  );
}
