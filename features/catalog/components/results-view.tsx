"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";

import { useMediaQuery } from "@/components/ui/use-media-query";
import { listView, searchWithView, VIEW_PARAM, type ListView } from "@/features/catalog/list-view";

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
