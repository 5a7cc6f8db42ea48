"use client";

import "leaflet/dist/leaflet.css";

import { useTranslations } from "next-intl";
import { MapContainer, Marker, TileLayer, useMapEvents } from "react-leaflet";

import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from "@/components/map/defaults";
import { TILE_ATTRIBUTION, TILE_URL } from "@/components/map/map-center";
import { PINS } from "@/components/map/pins";
import type { LatLng } from "@/domain/service/distance";

type Props = { value: LatLng | null; onPick: (point: LatLng) => void; label: string; height?: number };

/** A map to click a point on; the typed coordinates next to it are the keyboard way. */
export default function PointPickerMap({ value, onPick, label, height = 280 }: Props) {
  const t = useTranslations("Map");
  const center = value ?? MAP_DEFAULT_CENTER;
  return (
    <div
      role="region"
      aria-label={label}
      className="overflow-hidden rounded-lg border border-slate-200"
      style={{ height }}
    >
      <MapContainer center={[center.lat, center.lng]} zoom={value ? 11 : MAP_DEFAULT_ZOOM} className="size-full">
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        <ClickToPick onPick={onPick} />
        {value ? (
          <Marker
            position={[value.lat, value.lng]}
            icon={PINS.chosen}
            title={t("chosenPoint")}
            alt={t("chosenPoint")}
          />
        ) : null}
      </MapContainer>
    </div>
  );
}

function ClickToPick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({
    click(event) {
      onPick({ lat: Number(event.latlng.lat.toFixed(5)), lng: Number(event.latlng.lng.toFixed(5)) });
    },
  });
  return null;
}
