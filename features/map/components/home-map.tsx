"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

import { MAP_HEIGHT_PX } from "@/components/map/defaults";
import { lazyMap, whenIdle, WhenNearViewport } from "@/components/map/lazy-maps";

import { askLocationsEarly } from "./home-map-data";

// Leaflet, react-leaflet and React Query come in one chunk.
const loadHomeMap = () => import("./home-map-loaded");
const HomeMapLoaded = lazyMap(loadHomeMap, MAP_HEIGHT_PX);

/**
 * The home map of every published service. Its code is fetched once the page is idle (after the
 * first paint, so that stays as light as before) and the map is drawn, with its services and
 * tiles, once it is about to be seen; its services are asked then too, beside the chunk (the two
 * came one after the other, so the map said "Loading the map…" for both).
 */
export function HomeMap() {
  const t = useTranslations("Map");
  // A failed fetch is left to the map itself, which shows MapUnavailable when it is reached.
  useEffect(() => whenIdle(() => void loadHomeMap().catch(() => undefined)), []);
  return (
    // Near, the services are asked at once, beside the chunk, not after it has come.
    <WhenNearViewport onNear={askLocationsEarly}>
      <HomeMapLoaded label={t("allServices")} />
    </WhenNearViewport>
  );
}
