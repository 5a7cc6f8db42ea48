"use client";

import { useTranslations } from "next-intl";

import { MAP_HEIGHT_PX } from "@/features/map/defaults";

import { lazyMap, WhenNearViewport } from "./lazy-maps";

// Leaflet, react-leaflet and React Query come in one chunk, once the map is about to be seen.
const HomeMapLoaded = lazyMap(() => import("./home-map-loaded"), MAP_HEIGHT_PX);

/** The home map of every published service, fetched once the map is about to be seen. */
export function HomeMap() {
  const t = useTranslations("Map");
  return (
    <WhenNearViewport>
      <HomeMapLoaded label={t("allServices")} />
    </WhenNearViewport>
  );
}
