"use client";

import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";

import { MapPlaceholder } from "@/components/map/lazy-maps";
import type { Viewport } from "@/features/map/viewport";

import { fetchLocations, takeEarlyLocations } from "./home-map-data";
import ServicesMap from "./services-map";

// Only the home map fetches through React Query, so its client lives here and is loaded with the
// map (with Leaflet), not with every page. Cached answers are dropped 5 s after the last map
// using them unmounts (spec §7).
const client = new QueryClient({ defaultOptions: { queries: { staleTime: 5000, gcTime: 5000, retry: 1 } } });

export default function HomeMapLoaded({ label }: { label: string }) {
  return (
    <QueryClientProvider client={client}>
      <HomeMapData label={label} />
    </QueryClientProvider>
  );
}

function HomeMapData({ label }: { label: string }) {
  const t = useTranslations("Map");
  const [viewport, setViewport] = useState<Viewport | null>(null);
  // The whole map first (it also sets the centre), then whatever is in view as the map moves,
  // unless the first answer held every service one by one: then the map has them all already.
  const locations = useQuery({
    queryKey: ["items", "locations", viewport],
    // The whole map's first answer was asked beside this chunk (home-map.tsx), if it was.
    queryFn: () => (viewport === null ? takeEarlyLocations() : null) ?? fetchLocations(viewport),
    placeholderData: keepPreviousData,
  });
  if (locations.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">{t("loadError")}</p>
        <p>{locations.error.message}</p>
        <button
          type="button"
          onClick={() => locations.refetch()}
          className="mt-2 rounded-md bg-red-700 px-3 py-1 font-medium text-white"
        >
          {t("retry")}
        </button>
      </div>
    );
  }
  if (!locations.data) return <MapPlaceholder />;
  const complete = viewport === null && locations.data.clusters.length === 0;
  return (
    <ServicesMap
      services={locations.data.services}
      clusters={locations.data.clusters}
      onViewChange={complete ? undefined : setViewport}
      label={label}
    />
  );
}
