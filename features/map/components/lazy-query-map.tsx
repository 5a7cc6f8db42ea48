"use client";

import { MAP_HEIGHT_PX } from "@/components/map/defaults";
import { lazyMap } from "@/components/map/lazy-maps";

/** The map of the list's question (./query-map.tsx) in a chunk of its own, inside the list's ListNavigation. */
export const QueryMap = lazyMap(() => import("./query-map"), MAP_HEIGHT_PX);
