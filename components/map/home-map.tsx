"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { MapCluster, Viewport } from "@/lib/map-viewport";
import type { MapService } from "./services-map";
import { MapPlaceholder, ServicesMap, WhenNearViewport } from "./lazy-maps";

type Locations = { services: MapService[]; clusters: MapCluster[] };

async function fetchLocations(viewport: Viewport | null): Promise<Locations> {
  const query = viewport ? `?bbox=${[viewport.west, viewport.south, viewport.east, viewport.north].join(",")}&zoom=${viewport.zoom}` : "";
  const response = await fetch(`/api/items/locations${query}`);
  const body = (await response.json().catch(() => null)) as (Locations & { message?: string }) | null;
  if (!response.ok || !body?.services) throw new Error(body?.message ?? response.statusText);
  return body;
}

/** The home map of every published service, fetched once the map is about to be seen. */
export function HomeMap() {
  const t = useTranslations("Map");
  return (
    <WhenNearViewport>
      <HomeMapLoaded label={t("allServices")} />
    </WhenNearViewport>
  );
}

function HomeMapLoaded({ label }: { label: string }) {
  const t = useTranslations("Map");
  const [viewport, setViewport] = useState<Viewport | null>(null);
  // The whole map first (it also sets the centre), then whatever is in view as the map moves.
  const locations = useQuery({ queryKey: ["items", "locations", viewport], queryFn: () => fetchLocations(viewport), placeholderData: keepPreviousData });
  if (locations.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">{t("loadError")}</p>
        <p>{locations.error.message}</p>
        <button type="button" onClick={() => locations.refetch()} className="mt-2 rounded-md bg-red-700 px-3 py-1 font-medium text-white">
          {t("retry")}
        </button>
      </div>
    );
  }
  if (!locations.data) return <MapPlaceholder />;
  return <ServicesMap services={locations.data.services} clusters={locations.data.clusters} onViewChange={setViewport} label={label} />;
}
