"use client";

import { useTranslations } from "next-intl";

import { lazyMap, WhenNearViewport } from "@/components/map/lazy-maps";
import { GeoFeedback, useGeolocation, useVisitorPoint } from "@/components/map/use-geolocation";
import { distanceKm, shownKm, type LatLng } from "@/domain/service/distance";
import { Link } from "@/i18n/navigation";

const SPOT_MAP_HEIGHT_PX = 260;

// Leaflet comes in its own chunk, once the map is about to be seen.
const ServiceSpotMap = lazyMap(() => import("@/components/map/service-spot-map"), SPOT_MAP_HEIGHT_PX);

const ignore = () => {};

/**
 * Where the service is: a small map with its pin, the distance from the visitor when they have
 * shared their position in this tab (here, on the list or on a map; never asked for unprompted),
 * and the services around it on the list's map.
 */
export function ServiceLocation({ name, role, point }: { name: string; role: "sto" | "mechanic"; point: LatLng }) {
  const t = useTranslations("ServiceDetail");
  const visitor = useVisitorPoint();
  // The hook remembers the position it finds, and useVisitorPoint then shows the distance.
  const geo = useGeolocation(ignore);
  return (
    <div className="space-y-3">
      <WhenNearViewport height={SPOT_MAP_HEIGHT_PX}>
        <ServiceSpotMap
          point={point}
          role={role}
          name={name}
          label={t("mapLabel", { name })}
          height={SPOT_MAP_HEIGHT_PX}
        />
      </WhenNearViewport>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        {visitor ? (
          <p className="font-semibold text-slate-800">{t("distance", { km: shownKm(distanceKm(visitor, point)) })}</p>
        ) : (
          <button
            type="button"
            onClick={geo.locate}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50"
          >
            {t("howFar")}
          </button>
        )}
        <Link
          href={`/services?near=${point.lat},${point.lng}#results-map`}
          className="font-medium text-brand-700 underline"
        >
          {t("nearbyOnMap")}
        </Link>
      </div>
      <GeoFeedback state={geo.state} onRetry={geo.locate} />
    </div>
  );
}
