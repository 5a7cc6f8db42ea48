"use client";

import "leaflet/dist/leaflet.css";

import type { Map as LeafletMap, Marker as LeafletMarker } from "leaflet";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, Marker, TileLayer, useMap } from "react-leaflet";

import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_HEIGHT_PX,
  MARKER_SIZE,
  OWN_LOCATION_ZOOM,
} from "@/components/map/defaults";
import { TILE_URL } from "@/components/map/map-center";
import { PINS, SELECTED_PINS } from "@/components/map/pins";
import { GeoFeedback, useGeolocation, useVisitorPoint } from "@/components/map/use-geolocation";
import { Spinner } from "@/components/ui/spinner";
import type { LatLng } from "@/domain/service/distance";
import { useListNavigation } from "@/features/catalog/components/list-navigation";
import type { MapCluster } from "@/features/map/answers";
import { locationsUrl, mapQuestion, searchAreaQuery } from "@/features/map/query-map-url";
import { groupMarkers, type Viewport } from "@/features/map/viewport";
import { usePathname } from "@/i18n/navigation";

import { ClusterMarker, FlyTo, Legend } from "./map-parts";
import { SelectedService } from "./selected-service";
import type { MapService } from "./services-map";

type Bounds = { south: number; west: number; north: number; east: number };
type Locations = { services: MapService[]; clusters: MapCluster[]; total: number; bounds?: Bounds | null };

export type QueryMapProps = {
  /** The list URL's query string: the map shows every service of its question. */
  search: string;
  /** The point the list is measured from: the map opens there, close enough to tell streets apart. */
  near?: LatLng;
  /** The map's accessible name. */
  label: string;
  /** The role a page's path fixes (/stos, /mechanics), which its query string does not repeat. */
  fixedFilter?: "sto" | "mechanic";
  height?: number;
};

/** Moves of the map settle for this long before the services in view are asked again. */
const VIEW_DEBOUNCE_MS = 250;
/** A fit on few services stops here, so one service does not open at street-level zoom 18. */
const FIT_MAX_ZOOM = 15;

async function fetchLocations(url: string, signal: AbortSignal): Promise<Locations> {
  const response = await fetch(url, { signal });
  const body = (await response.json().catch(() => null)) as (Locations & { message?: string }) | null;
  if (!response.ok || !body?.services) throw new Error(body?.message ?? response.statusText);
  return body;
}

type Whole = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; answer: Locations };

/**
 * The map of the list's question (spec §9, "a map of the query, not of the page"): every service
 * the list finds over all its pages, as pins and counted clusters (GET /api/items/locations with
 * the list's filters). It opens on the list's point at street zoom when the list has one, else on
 * all the results. When the question has more results than the server answers one by one, the
 * services in view are asked again as the map moves. After the visitor moves the map, "Search this
 * area" lists the services near its centre (the list's `near`, every other filter kept). A chosen
 * pin's card is shown under the map, not in a popup over the pins. Rendered inside the list's
 * ListNavigation, whose pending state then shows while the next list loads.
 */
export default function QueryMap({ search, near, label, fixedFilter, height = MAP_HEIGHT_PX }: QueryMapProps) {
  const t = useTranslations("Map");
  const question = useMemo(() => mapQuestion(search, fixedFilter), [search, fixedFilter]);
  const [attempt, setAttempt] = useState(0);
  // Kept with the request it answers, so a new question reads as loading until its own answer.
  const asked = `${question}#${attempt}`;
  const [answered, setAnswered] = useState<{ asked: string; whole: Whole } | null>(null);
  const whole: Whole = answered?.asked === asked ? answered.whole : { status: "loading" };

  useEffect(() => {
    const abort = new AbortController();
    fetchLocations(locationsUrl(question, undefined, true), abort.signal).then(
      (answer) => setAnswered({ asked, whole: { status: "ready", answer } }),
      (error: Error) =>
        abort.signal.aborted || setAnswered({ asked, whole: { status: "error", message: error.message } }),
    );
    return () => abort.abort();
  }, [question, asked]);

  if (whole.status === "error") {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">{t("loadError")}</p>
        <p>{whole.message}</p>
        <button
          type="button"
          onClick={() => setAttempt((n) => n + 1)}
          className="mt-2 min-h-11 rounded-md bg-red-700 px-4 py-2 font-medium text-white"
        >
          {t("retry")}
        </button>
      </div>
    );
  }
  if (whole.status === "loading") {
    return (
      <div
        role="status"
        className="grid place-items-center rounded-xl border border-slate-200 bg-slate-100 text-sm text-slate-700"
        style={{ height }}
      >
        <span className="inline-flex items-center gap-2">
          <Spinner />
          {t("loading")}
        </span>
      </div>
    );
  }
  // A new question or point opens a new map on its own results.
  return (
    <LoadedQueryMap
      key={`${question}|${near?.lat},${near?.lng}`}
      search={search}
      question={question}
      near={near}
      label={label}
      height={height}
      whole={whole.answer}
    />
  );
}

type View = { status: "idle" | "loading" | "error"; answer: Locations | null };

function LoadedQueryMap({
  search,
  question,
  near,
  label,
  height,
  whole,
}: Omit<QueryMapProps, "height" | "fixedFilter"> & { question: string; height: number; whole: Locations }) {
  const t = useTranslations("Map");
  const pathname = usePathname();
  const { navigate, pending } = useListNavigation();
  const visitor = useVisitorPoint();
  const [me, setMe] = useState<LatLng | null>(null);
  const geo = useGeolocation(useCallback((point: LatLng) => setMe(point), []));
  const mapRef = useRef<LeafletMap | null>(null);
  // Every service of the question came one by one: the map holds them all and never asks again.
  const complete = whole.clusters.length === 0;
  const [view, setView] = useState<View>({ status: "idle", answer: null });
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const [moved, setMoved] = useState(false);
  const [selected, setSelected] = useState<{ id: string; byKeyboard: boolean } | null>(null);
  const markers = useRef(new Map<string, LeafletMarker>());
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (complete || !viewport) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setView((current) => ({ ...current, status: "loading" }));
      fetchLocations(locationsUrl(question, viewport), abort.signal).then(
        (answer) => setView({ status: "idle", answer }),
        () => abort.signal.aborted || setView((current) => ({ ...current, status: "error" })),
      );
    }, VIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [complete, question, viewport, retry]);

  const source = view.answer ?? whole;
  const shown = useMemo(
    () => (zoom === null ? { services: [], clusters: [] } : groupMarkers(source.services, source.clusters, zoom)),
    [source, zoom],
  );

  const searchArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const centre = map.getCenter();
    navigate({ pathname, query: Object.fromEntries(new URLSearchParams(searchAreaQuery(search, centre))) });
  };

  const selectedId = selected?.id;
  const deselect = useCallback(() => {
    if (!selectedId) return;
    setSelected(null);
    // The pin's icon changes back: focus it once redrawn, where the visitor was.
    requestAnimationFrame(() => markers.current.get(selectedId)?.getElement()?.focus({ preventScroll: true }));
  }, [selectedId]);

  const bounds = whole.bounds;
  const opening = near
    ? { center: [near.lat, near.lng] as [number, number], zoom: OWN_LOCATION_ZOOM }
    : bounds
      ? {
          bounds: [
            [bounds.south, bounds.west],
            [bounds.north, bounds.east],
          ] as [[number, number], [number, number]],
          // A pin stands above its point: room for a whole one at the top edge.
          boundsOptions: {
            paddingTopLeft: [16, 8 + MARKER_SIZE[1]] as [number, number],
            paddingBottomRight: [16, 8] as [number, number],
            maxZoom: FIT_MAX_ZOOM,
          },
        }
      : { center: [MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng] as [number, number], zoom: MAP_DEFAULT_ZOOM };
  const nearIsVisitor = near && visitor && visitor.lat === near.lat && visitor.lng === near.lng;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={geo.locate}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          {t("showMyLocation")}
        </button>
        <GeoFeedback state={geo.state} onRetry={geo.locate} />
      </div>
      <div
        role="region"
        aria-label={label}
        className="relative overflow-hidden rounded-xl border border-slate-200"
        style={{ height }}
      >
        <MapContainer
          {...opening}
          ref={mapRef}
          scrollWheelZoom={false}
          attributionControl={false}
          className="size-full"
        >
          <TileLayer url={TILE_URL} />
          <ViewWatcher onView={setViewport} onZoom={setZoom} onMovedByVisitor={() => setMoved(true)} />
          <EscapeDeselects active={selected !== null} onEscape={deselect} />
          {shown.clusters.map((cluster) => (
            <ClusterMarker
              key={`${cluster.lat},${cluster.lng}`}
              cluster={cluster}
              label={t("cluster", { count: cluster.count })}
            />
          ))}
          {shown.services.map((service) => {
            const chosen = selected?.id === service._id;
            const choose = (byKeyboard: boolean) =>
              setSelected((current) => (current?.id === service._id ? null : { id: service._id, byKeyboard }));
            return (
              <Marker
                key={service._id}
                ref={(marker) => {
                  if (marker) markers.current.set(service._id, marker);
                  else markers.current.delete(service._id);
                }}
                position={[service.coordinates.lat, service.coordinates.lng]}
                icon={chosen ? SELECTED_PINS[service.role] : PINS[service.role]}
                title={service.name}
                alt={`${service.role === "sto" ? t("station") : t("master")}: ${service.name}`}
                zIndexOffset={chosen ? 1000 : 0}
                eventHandlers={{
                  click: () => choose(false),
                  // Leaflet turns Enter into a click only for popups; a pin without one listens itself.
                  keypress: (event) => {
                    if (event.originalEvent.key === "Enter" || event.originalEvent.key === " ") choose(true);
                  },
                }}
              />
            );
          })}
          {near ? (
            <Marker
              position={[near.lat, near.lng]}
              icon={PINS.me}
              title={nearIsVisitor ? t("youAreHere") : t("chosenPoint")}
              alt={nearIsVisitor ? t("youAreHere") : t("chosenPoint")}
              keyboard={false}
            />
          ) : null}
          {me ? (
            <>
              <Marker position={[me.lat, me.lng]} icon={PINS.me} title={t("youAreHere")} alt={t("youAreHere")} />
              <FlyTo point={me} onArrived={() => setMoved(true)} />
            </>
          ) : null}
        </MapContainer>
        {/* Above Leaflet's panes (z 400–700) and beside its zoom buttons (top left). */}
        <div className="pointer-events-none absolute inset-x-0 top-2 z-[1000] flex justify-center px-14">
          {moved ? (
            <button
              type="button"
              onClick={searchArea}
              aria-busy={pending || undefined}
              className="pointer-events-auto inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-lg hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {pending ? (
                <Spinner />
              ) : (
                <svg
                  aria-hidden
                  viewBox="0 0 20 20"
                  className="size-4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                >
                  <circle cx="8.5" cy="8.5" r="5.5" />
                  <path d="m13 13 4.5 4.5" strokeLinecap="round" />
                </svg>
              )}
              {t("searchArea")}
            </button>
          ) : null}
        </div>
        <div
          role="status"
          className="pointer-events-none absolute inset-x-0 bottom-2 z-[1000] flex justify-center px-4"
        >
          {view.status === "loading" ? (
            <span className="inline-flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-xs font-medium text-slate-800 shadow">
              <Spinner className="size-3" />
              {t("updating")}
            </span>
          ) : null}
        </div>
        {view.status === "error" ? (
          <div
            role="alert"
            className="absolute inset-x-2 bottom-2 z-[1000] flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 shadow"
          >
            <span>{t("loadError")}</span>
            <button
              type="button"
              onClick={() => setRetry((n) => n + 1)}
              className="min-h-11 rounded-md bg-red-700 px-3 py-1 font-medium text-white"
            >
              {t("retry")}
            </button>
          </div>
        ) : null}
        {whole.total === 0 ? (
          <div className="pointer-events-none absolute inset-0 z-[1000] grid place-items-center p-6">
            <div className="rounded-xl bg-white/95 px-5 py-4 text-center shadow">
              <p className="font-semibold">{t("emptyQuery")}</p>
              <p className="mt-1 text-sm text-slate-600">{t("emptyQueryHint")}</p>
            </div>
          </div>
        ) : null}
      </div>
      {selected ? (
        <SelectedService id={selected.id} near={near} focusOnShow={selected.byKeyboard} onClose={deselect} />
      ) : whole.total > 0 ? (
        <p className="text-sm text-slate-600">{t("selectHint")}</p>
      ) : null}
      <Legend />
    </div>
  );
}

/**
 * Reports the view (for asking the services in it) and the zoom (for grouping the pins), and
 * whether the visitor moved the map: a drag, the zoom buttons, the wheel, a pinch or the keys. The
 * map's own opening (on the point or on all the results) happens before this listens, so it is not
 * a move of theirs.
 */
function ViewWatcher(props: {
  onView: (viewport: Viewport) => void;
  onZoom: (zoom: number) => void;
  onMovedByVisitor: () => void;
}) {
  const map = useMap();
  const handlers = useRef(props);
  useEffect(() => {
    handlers.current = props;
  });
  useEffect(() => {
    let touched = false;
    const report = () => {
      const bounds = map.getBounds();
      const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, Number(value.toFixed(5))));
      handlers.current.onView({
        west: clamp(bounds.getWest(), 180),
        south: clamp(bounds.getSouth(), 90),
        east: clamp(bounds.getEast(), 180),
        north: clamp(bounds.getNorth(), 90),
        zoom: map.getZoom(),
      });
      handlers.current.onZoom(map.getZoom());
    };
    // A zoom ends with a moveend too.
    const moveEnd = () => {
      report();
      if (touched) handlers.current.onMovedByVisitor();
    };
    // Anything the visitor does to the map itself; choosing a pin moves nothing, so it shows no button.
    const touch = () => void (touched = true);
    const container = map.getContainer();
    const events = ["pointerdown", "wheel", "keydown", "touchstart"] as const;
    for (const event of events) container.addEventListener(event, touch, { passive: true });
    map.on("moveend", moveEnd);
    report();
    return () => {
      for (const event of events) container.removeEventListener(event, touch);
      map.off("moveend", moveEnd);
    };
  }, [map]);
  return null;
}

/** Escape puts the chosen service's card away, from the map, the card or nowhere (after a tap). */
function EscapeDeselects({ active, onEscape }: { active: boolean; onEscape: () => void }) {
  const map = useMap();
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const focus = document.activeElement;
      const nowhere = !focus || focus === document.body;
      const inCard = focus?.closest("[data-selected-service]");
      if (!nowhere && !inCard && !map.getContainer().contains(focus)) return;
      onEscape();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [active, map, onEscape]);
  return null;
}
