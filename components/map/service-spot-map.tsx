"use client";

import "leaflet/dist/leaflet.css";

import L from "leaflet";
import { MapContainer, Marker, TileLayer } from "react-leaflet";

import { TILE_ATTRIBUTION, TILE_URL } from "@/components/map/map-center";
import { PINS } from "@/components/map/pins";
import type { LatLng } from "@/domain/service/distance";

const SPOT_ZOOM = 15;

type Props = { point: LatLng; role: "sto" | "mechanic"; name: string; label: string; height: number };

/**
 * One service's pin on a small map. A small map inside a long page must not catch the page's
 * scrolling: the wheel never zooms it, and on touch screens one finger scrolls the page (pinch
 * and the zoom buttons still zoom). With focus, the arrow keys pan it as on every Leaflet map.
 */
export default function ServiceSpotMap({ point, role, name, label, height }: Props) {
  return (
    <div role="region" aria-label={label} style={{ height }}>
      {/* Rounded by Leaflet's own clipping box, so nothing around it clips the map's focus ring. */}
      <MapContainer
        center={[point.lat, point.lng]}
        zoom={SPOT_ZOOM}
        scrollWheelZoom={false}
        dragging={!L.Browser.mobile}
        className="size-full rounded-xl border border-slate-200"
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        {/* Not a tab stop of its own: it does nothing when pressed, and the region names it. */}
        <Marker
          position={[point.lat, point.lng]}
          icon={PINS[role]}
          title={name}
          alt={name}
          keyboard={false}
          interactive={false}
        />
      </MapContainer>
    </div>
  );
}
