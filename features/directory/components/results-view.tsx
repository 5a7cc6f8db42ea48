"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useSyncExternalStore, type ReactNode } from "react";

import { MAP_HEIGHT_PX } from "@/components/map/defaults";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { listView, searchWithView, VIEW_PARAM, type ListView } from "@/features/catalog/list-view";
import { QueryMap } from "@/features/map/components/lazy-query-map";
import type { QueryMapProps } from "@/features/map/components/query-map";

/** Tailwind's lg: from here on the list and the map are side by side. */
const SIDE_BY_SIDE = "(min-width: 64rem)";

function useListView(): ListView {
  return listView(useSearchParams().get(VIEW_PARAM));
}

/**
 * On a phone, the list or the map of the same question (features/catalog/list-view.ts); a new
 * history entry, so Back returns to the list, made in the browser alone: the results are already there.
 */
export function ViewSwitch() {
  const t = useTranslations("Services");
  const view = useListView();
  const show = (next: ListView) => {
    if (next === view) return;
    window.history.pushState(null, "", `${window.location.pathname}${searchWithView(window.location.search, next)}`);
  };
  return (
    <div
      role="group"
      aria-label={t("viewLabel")}
      className="inline-flex shrink-0 rounded-lg border border-slate-300 bg-white p-0.5 lg:hidden"
    >
      {(["list", "map"] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => show(option)}
          className="min-h-10 rounded-md px-3.5 text-sm font-medium text-slate-700 aria-pressed:bg-slate-900 aria-pressed:text-white"
        >
          {option === "list" ? t("viewList") : t("viewMap")}
        </button>
      ))}
    </div>
  );
}

/** What the page keeps above and below the map: on a phone the header, the title and the switch; beside the list, the header, the map's heading and its legend and chosen card. */
const AROUND_MAP_PX = { phone: 260, wide: 360 };
const MIN_MAP_PX = 320;
const once = () => () => undefined;

/**
 * The list's map as tall as the screen leaves room for: on a phone most of it, beside the list all
 * it can while its chosen service's card still shows under it. The window's height is read once: a
 * phone's toolbar showing and hiding as the page scrolls would otherwise resize the map under the thumb.
 */
export function ResultsMap(props: Omit<QueryMapProps, "height">) {
  const wide = useMediaQuery(SIDE_BY_SIDE);
  const screen = useSyncExternalStore(
    once,
    () => window.innerHeight,
    () => 0,
  );
  const height = screen
    ? Math.max(MIN_MAP_PX, screen - (wide ? AROUND_MAP_PX.wide : AROUND_MAP_PX.phone))
    : MAP_HEIGHT_PX;
  return <QueryMap {...props} height={height} />;
}

/**
 * The results and their map: on a phone one of them, as the switch says; from lg on side by side,
 * the map kept in view while the list scrolls. The map is mounted only where it is shown, so a phone
 * looking at the list never loads its code.
 */
export function ResultsLayout({ list, map }: { list: ReactNode; map: ReactNode }) {
  const view = useListView();
  const wide = useMediaQuery(SIDE_BY_SIDE);
  const onMap = view === "map";
  return (
    <div className="lg:mt-6 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-6">
      <div className={onMap ? "hidden lg:block" : undefined}>{list}</div>
      <div className={`lg:sticky lg:top-24 ${onMap ? "mt-3 lg:mt-0" : "hidden lg:block"}`}>
        {onMap || wide ? map : null}
      </div>
    </div>
  );
}
