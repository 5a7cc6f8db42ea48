"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";

import { MAP_HEIGHT_PX } from "@/features/map/defaults";

/**
 * Leaflet touches `window` and weighs ~45 KB gzipped, so maps load on the client only, and the
 * list map only once it scrolls near the viewport: the first render never waits for them.
 */
export function MapPlaceholder({ height = MAP_HEIGHT_PX }: { height?: number }) {
  const t = useTranslations("Map");
  return (
    <div
      role="status"
      className="grid place-items-center rounded-xl border border-slate-200 bg-slate-100 text-sm text-slate-700"
      style={{ height }}
    >
      {t("loading")}
    </div>
  );
}

/** Said in the map's place when its code cannot be fetched (the connection dropped): the rest of the page keeps working. */
function MapUnavailable({ height }: { height: number }) {
  const t = useTranslations("Map");
  return (
    <div
      role="alert"
      className="grid place-items-center rounded-xl border border-slate-200 bg-slate-100 p-4 text-center text-sm text-slate-700"
      style={{ height }}
    >
      {t("unavailable")}
    </div>
  );
}

/** A map's code in its own chunk, loaded on the client only; a failed fetch shows MapUnavailable instead of breaking the page. */
export function lazyMap<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, height: number) {
  const Unavailable = () => <MapUnavailable height={height} />;
  return dynamic<P>(() => load().catch(() => ({ default: Unavailable as ComponentType<P> })), {
    ssr: false,
    loading: () => <MapPlaceholder height={height} />,
  });
}

export const ServicesMap = lazyMap(() => import("./services-map"), MAP_HEIGHT_PX);
/** The map of the list's question (./query-map.tsx), inside the list's ListNavigation. */
export const QueryMap = lazyMap(() => import("./query-map"), MAP_HEIGHT_PX);
export const PointPickerMap = lazyMap(() => import("./point-picker-map"), 280);

/** Renders children once the placeholder is within 300 px of the viewport. */
export function WhenNearViewport({ children, height = MAP_HEIGHT_PX }: { children: ReactNode; height?: number }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: "300px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={anchor}>{near ? children : <MapPlaceholder height={height} />}</div>;
}
