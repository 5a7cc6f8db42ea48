"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";

import { MAP_HEIGHT_PX } from "@/components/map/defaults";

/** Where the skeleton's pins stand, in % of its width and height: a few, spread like a city's. */
const SKELETON_PINS = [
  [22, 38],
  [47, 55],
  [63, 30],
  [78, 62],
] as const;

/**
 * Leaflet touches `window` and weighs ~45 KB gzipped, so maps load on the client only, and the
 * list map only once it scrolls near the viewport: the first render never waits for them. Until
 * then the map's place holds a drawn skeleton of a map (streets, a river, pins, the zoom buttons)
 * of the map's own height, so the page does not move when the map comes, and it reads as a map on
 * its way rather than an empty box. Plain markup: it is in the server's HTML and costs no script.
 */
export function MapPlaceholder({ height = MAP_HEIGHT_PX }: { height?: number }) {
  const t = useTranslations("Map");
  return (
    <div
      data-map-skeleton=""
      aria-busy="true"
      className="relative overflow-hidden rounded-xl border border-slate-200 bg-[#eef1ea]"
      style={{ height }}
    >
      <svg
        aria-hidden
        viewBox="0 0 400 300"
        preserveAspectRatio="xMidYMid slice"
        className="absolute inset-0 size-full motion-safe:animate-pulse"
      >
        <path d="M-10 210C80 190 120 240 210 220S330 150 410 170" fill="none" stroke="#c9dbe9" strokeWidth="14" />
        <g fill="none" stroke="#fff" strokeLinecap="round">
          <path d="M-10 90H410M-10 150L410 120M130-10L110 310M280-10L300 310" strokeWidth="9" />
          <path d="M-10 40L410 60M60-10V310M200-10L190 310M350-10L340 310M-10 260H410" strokeWidth="4" />
        </g>
      </svg>
      <span aria-hidden className="absolute top-3 left-3 grid gap-px overflow-hidden rounded border border-slate-300">
        <span className="size-7 bg-white" />
        <span className="size-7 bg-white" />
      </span>
      {SKELETON_PINS.map(([left, top]) => (
        <span
          key={`${left}-${top}`}
          data-skeleton-pin=""
          aria-hidden
          className="absolute h-6 w-[1.1rem] -translate-x-1/2 -translate-y-full rounded-[50%_50%_50%_50%/60%_60%_40%_40%] bg-brand-600/30 motion-safe:animate-pulse"
          style={{ left: `${left}%`, top: `${top}%` }}
        />
      ))}
      <p
        role="status"
        className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-white/95 px-3 py-1 text-sm whitespace-nowrap text-slate-700 shadow-sm"
      >
        {t("loading")}
      </p>
    </div>
  );
}

/**
 * Runs `work` once the browser has nothing better to do (after the first paint and hydration), or
 * after a short wait where it cannot say; the returned function cancels it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(() => work(), { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 1500);
  return () => clearTimeout(timer);
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

export const PointPickerMap = lazyMap(() => import("./point-picker-map"), 280);

/** Renders children once the placeholder is within 300 px of the viewport; `onNear` runs then, once. */
export function WhenNearViewport({
  children,
  height = MAP_HEIGHT_PX,
  onNear,
}: {
  children: ReactNode;
  height?: number;
  onNear?: () => void;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        onNear?.();
        setNear(true);
      },
      { rootMargin: "300px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, onNear]);
  return <div ref={anchor}>{near ? children : <MapPlaceholder height={height} />}</div>;
}
