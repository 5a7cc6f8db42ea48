"use client";

import "leaflet/dist/leaflet.css";

import type { Marker as LeafletMarker, Popup as LeafletPopup, PopupEvent } from "leaflet";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";

import { MAP_DEFAULT_ZOOM, MAP_HEIGHT_PX } from "@/components/map/defaults";
import { mapCenter, TILE_URL } from "@/components/map/map-center";
import { PINS } from "@/components/map/pins";
import { GeoFeedback, useGeolocation } from "@/components/map/use-geolocation";
import type { LatLng } from "@/domain/service/distance";
import type { MapCluster } from "@/features/map/answers";
import { groupMarkers, type Viewport } from "@/features/map/viewport";
import { OsmLabel } from "@/features/osm/components/osm-label";
import { NewBadge } from "@/features/reviews/components/star-rating";
import { isRated } from "@/features/reviews/rating";
import { Link } from "@/i18n/navigation";

import { ClusterMarker, FlyTo, Legend } from "./map-parts";

export type MapService = {
  _id: string;
  name: string;
  role: "sto" | "mechanic";
  coordinates: LatLng;
  rating: { avg: number };
  address: string;
  /** False for an imported place nobody has claimed: the popup says it is from OpenStreetMap. */
  claimed: boolean;
};

type Props = {
  services: MapService[];
  clusters?: MapCluster[];
  onViewChange?: (viewport: Viewport) => void;
  showMyLocation?: boolean;
  label: string;
};

/**
 * Services as pins with a popup each, or as counted clusters where the server says there are too
 * many in view or pins would cover each other at this zoom; optionally the visitor's own
 * position (spec §2, 9).
 */
export default function ServicesMap({ services, clusters = [], onViewChange, showMyLocation = false, label }: Props) {
  const t = useTranslations("Map");
  const [me, setMe] = useState<LatLng | null>(null);
  const onFound = useCallback((point: LatLng) => setMe(point), []);
  const geo = useGeolocation(onFound);
  // The first answer sets the centre (spec: the average of the services); later ones only redraw.
  const [center] = useState(() => mapCenter([...services.map((service) => service.coordinates), ...clusters]));
  const [zoom, setZoom] = useState(MAP_DEFAULT_ZOOM);
  const shown = useMemo(() => groupMarkers(services, clusters, zoom), [services, clusters, zoom]);
  // The pin whose popup is open, for Escape to give the focus back to.
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = useMemo(
    () => ({
      popupopen: (event: PopupEvent) => void (opener.current = (event.target as LeafletMarker).getElement() ?? null),
    }),
    [],
  );

  return (
    <div className="space-y-2">
      {showMyLocation ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={geo.locate}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
          >
            {t("showMyLocation")}
          </button>
          <GeoFeedback state={geo.state} onRetry={geo.locate} />
        </div>
      ) : null}
      <div
        role="region"
        aria-label={label}
        className="overflow-hidden rounded-xl border border-slate-200"
        style={{ height: MAP_HEIGHT_PX }}
      >
        {/* The attribution is a caption under the map (in the legend): a control inside the map would
            cover the markers under it, and half-covered markers are too small to tap. */}
        <MapContainer
          center={[center.lat, center.lng]}
          zoom={MAP_DEFAULT_ZOOM}
          scrollWheelZoom={false}
          attributionControl={false}
          className="size-full"
        >
          <TileLayer url={TILE_URL} />
          {onViewChange ? <ViewWatcher onViewChange={onViewChange} /> : null}
          <ZoomWatcher onZoom={setZoom} />
          <EscapeClosesPopup opener={opener} />
          {shown.clusters.map((cluster) => (
            <ClusterMarker
              key={`${cluster.lat},${cluster.lng}`}
              cluster={cluster}
              label={t("cluster", { count: cluster.count })}
            />
          ))}
          {shown.services.map((service) => (
            <Marker
              key={service._id}
              position={[service.coordinates.lat, service.coordinates.lng]}
              icon={PINS[service.role]}
              title={service.name}
              alt={`${service.role === "sto" ? t("station") : t("master")}: ${service.name}`}
              eventHandlers={rememberOpener}
            >
              <Popup>
                <div className="space-y-1">
                  <p className="text-sm font-semibold">{service.name}</p>
                  <p className="text-xs text-slate-600">{service.address}</p>
                  {service.claimed ? null : (
                    <p className="text-xs">
                      <OsmLabel className="px-1.5 py-0.5" />
                    </p>
                  )}
                  {isRated(service.rating.avg) ? (
                    <p className="text-xs">{t("rating", { value: service.rating.avg.toFixed(1) })}</p>
                  ) : (
                    <p className="text-xs">
                      <NewBadge />
                    </p>
                  )}
                  <Link
                    href={`/service/${service._id}`}
                    className="inline-block rounded bg-brand-600 px-2 py-1 text-xs font-medium !text-white"
                  >
                    {t("details")}
                  </Link>
                </div>
              </Popup>
            </Marker>
          ))}
          {me ? (
            <>
              <Marker position={[me.lat, me.lng]} icon={PINS.me} title={t("youAreHere")} alt={t("youAreHere")} />
              <FlyTo point={me} />
            </>
          ) : null}
        </MapContainer>
      </div>
      <Legend />
    </div>
  );
}

function ViewWatcher({ onViewChange }: { onViewChange: (viewport: Viewport) => void }) {
  const map = useMapEvents({ moveend: () => report() });
  const report = useCallback(() => {
    const bounds = map.getBounds();
    const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, Number(value.toFixed(5))));
    onViewChange({
      west: clamp(bounds.getWest(), 180),
      south: clamp(bounds.getSouth(), 90),
      east: clamp(bounds.getEast(), 180),
      north: clamp(bounds.getNorth(), 90),
      zoom: map.getZoom(),
    });
  }, [map, onViewChange]);
  useEffect(() => report(), [report]);
  return null;
}

function ZoomWatcher({ onZoom }: { onZoom: (zoom: number) => void }) {
  const map = useMapEvents({ zoomend: () => onZoom(map.getZoom()) });
  useEffect(() => onZoom(map.getZoom()), [map, onZoom]);
  return null;
}

/**
 * Escape closes the open popup. Leaflet does so only while the map itself has the focus, not from
 * a pin, from the popup's own link, or after a tap on a pin (the focus is then nowhere). With the
 * focus elsewhere on the page the key is left to what has it. The focus, if it was on the pin, in
 * the popup (whose content goes away) or nowhere, goes to the pin that opened it.
 */
function EscapeClosesPopup({ opener }: { opener: RefObject<HTMLElement | null> }) {
  const map = useMap();
  useEffect(() => {
    let open: LeafletPopup | null = null;
    const onOpen = (event: PopupEvent) => void (open = event.popup);
    const onClose = () => void (open = null);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || !open) return;
      const focus = document.activeElement;
      const nowhere = !focus || focus === document.body;
      if (!nowhere && !map.getContainer().contains(focus)) return;
      const onPopup = nowhere || focus === opener.current || (open.getElement()?.contains(focus) ?? false);
      map.closePopup();
      if (onPopup) opener.current?.focus({ preventScroll: true });
    };
    map.on("popupopen", onOpen);
    map.on("popupclose", onClose);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      map.off("popupopen", onOpen);
      map.off("popupclose", onClose);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [map, opener]);
  return null;
}
