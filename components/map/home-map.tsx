"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { MapPlaceholder, WhenNearViewport } from "./lazy-maps";

// Leaflet, react-leaflet and React Query come in one chunk, once the map is about to be seen.
const HomeMapLoaded = dynamic(() => import("./home-map-loaded"), { ssr: false, loading: () => <MapPlaceholder /> });

/** The home map of every published service, fetched once the map is about to be seen. */
export function HomeMap() {
  const t = useTranslations("Map");
  return (
    <WhenNearViewport>
      <HomeMapLoaded label={t("allServices")} />
    </WhenNearViewport>
  );
}
