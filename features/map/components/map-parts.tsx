"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Marker, useMap } from "react-leaflet";

import { OWN_LOCATION_ZOOM } from "@/components/map/defaults";
import { clusterIcon } from "@/components/map/pins";
import type { LatLng } from "@/domain/service/distance";
import type { MapCluster } from "@/features/map/answers";

/** A counted group: activating it (click or Enter) zooms in on it. */
export function ClusterMarker({ cluster, label }: { cluster: MapCluster; label: string }) {
  const map = useMap();
  const zoomIn = () => map.setView([cluster.lat, cluster.lng], Math.min(map.getZoom() + 2, 18));
  return (
    <Marker
      position={[cluster.lat, cluster.lng]}
      icon={clusterIcon(cluster.count)}
      title={label}
      alt={label}
      eventHandlers={{
        click: zoomIn,
        // Leaflet turns Enter into a click only for popups; a cluster has none, so it listens itself.
        keypress: (event) => {
          if (event.originalEvent.key === "Enter" || event.originalEvent.key === " ") zoomIn();
        },
      }}
    />
  );
}

/** Flies to the visitor's position once found; `onArrived` when the map has got there. */
export function FlyTo({ point, onArrived }: { point: LatLng; onArrived?: () => void }) {
  const map = useMap();
  const arrived = useRef(onArrived);
  useEffect(() => {
    arrived.current = onArrived;
  }, [onArrived]);
  useEffect(() => {
    map.flyTo([point.lat, point.lng], OWN_LOCATION_ZOOM);
    const done = () => arrived.current?.();
    map.once("moveend", done);
    return () => void map.off("moveend", done);
  }, [map, point]);
  return null;
}

/** What the pins' colours mean, and the map data's attribution (a caption, not a control over the pins). */
export function Legend() {
  const t = useTranslations("Map");
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      <span className="flex items-center gap-1">
        <span aria-hidden className="inline-block size-3 rounded-full bg-[#1d4ed8]" /> {t("station")}
      </span>
      <span className="flex items-center gap-1">
        <span aria-hidden className="inline-block size-3 rounded-full bg-[#b45309]" /> {t("master")}
      </span>
      <span className="sm:ml-auto">
        {t.rich("attribution", {
          osm: (chunks) => (
            <a href="https://www.openstreetmap.org/copyright" className="underline hover:text-slate-900">
              {chunks}
            </a>
          ),
        })}
      </span>
    </p>
  );
}
