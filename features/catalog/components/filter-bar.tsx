"use client";

import { useTranslations } from "next-intl";
import { useCallback, useRef, useState, useTransition, type FormEvent } from "react";

import { toast } from "@/components/ui/toast";
import { distanceChoice } from "@/features/catalog/distance";
import { serializeItemsQuery, type ItemsQuery } from "@/features/catalog/items-query-url";
import { SORT_KEYS } from "@/features/catalog/list-options";
import { PointPickerMap } from "@/features/map/components/lazy-maps";
import { GeoFeedback, useGeolocation, useVisitorPoint } from "@/features/map/components/use-geolocation";
import { parsePoint, type LatLng } from "@/features/map/map-center";
import { PRICE_JOBS } from "@/features/prices/price-catalogue";
import { Link } from "@/i18n/navigation";

import { ListLink, useListNavigation } from "./list-navigation";
import { useSettledSelect } from "./use-settled-select";

type Props = {
  pathname: string;
  query: ItemsQuery;
  fixedFilter?: "sto" | "mechanic";
  /** What a typed point that is not a coordinate says, from the server: the page needs no other Validation message. */
  pointErrors: { latitude: string; longitude: string };
};

/** Filter chips, sort and distance: every choice is a URL change, so results are shareable, made in the list's transition (list-navigation.tsx). */
export function FilterBar({ pathname, query, fixedFilter, pointErrors }: Props) {
  const t = useTranslations("Filters");
  const { navigate } = useListNavigation();
  const dialog = useRef<HTMLDialogElement>(null);
  const tm = useTranslations("Map");
  const tp = useTranslations("Prices");
  // Typed text, not numbers, so "49." can be typed on the way to "49.5".
  const [point, setPoint] = useState({ lat: String(query.near?.lat ?? ""), lng: String(query.near?.lng ?? "") });
  const [pickerOpen, setPickerOpen] = useState(false);
  const typed = parsePoint(point.lat, point.lng);
  const picked = "point" in typed ? typed.point : null;
  const pick = useCallback((chosen: LatLng) => setPoint({ lat: String(chosen.lat), lng: String(chosen.lng) }), []);

  const hrefFor = (change: Partial<ItemsQuery>) => {
    const next = { ...query, ...change, page: 1 };
    if (fixedFilter) next.filter = undefined;
    return { pathname, query: Object.fromEntries(serializeItemsQuery(next).entries()) };
  };
  const go = (change: Partial<ItemsQuery>) => navigate(hrefFor(change));
  // The list of the position found is a navigation: `finding` lasts until it has loaded.
  const [finding, startFinding] = useTransition();
  const geo = useGeolocation((near: LatLng) => startFinding(() => go({ near })));
  const sort = useSettledSelect(query.sort ?? "", (value) => go({ sort: (value || undefined) as ItemsQuery["sort"] }));
  // While the position is looked for and its list loads, the field already says where the distance is from.
  const visitor = useVisitorPoint();
  const from = geo.state.status === "locating" || finding ? "mine" : distanceChoice(query.near, visitor);
  const distance = useSettledSelect(from, chooseDistance);
  const job = useSettledSelect(query.job ?? "", (value) => go({ job: (value || undefined) as ItemsQuery["job"] }));

  function chooseDistance(value: string) {
    if (value === "") go({ near: undefined });
    else if (value === "mine") geo.locate();
    else if (value === "map") {
      setPickerOpen(true);
      dialog.current?.showModal();
    }
  }

  function applyPoint(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if ("error" in typed) {
      toast.error(typed.error === "missing" ? t("chooseLocationFirst") : pointErrors[typed.error]);
      return;
    }
    dialog.current?.close();
    go({ near: typed.point });
  }

  const chips: { key: string; label: string; active: boolean; change: Partial<ItemsQuery> }[] = [
    ...(fixedFilter
      ? []
      : [
          {
            key: "sto",
            label: t("sto"),
            active: query.filter === "sto",
            change: { filter: query.filter === "sto" ? undefined : ("sto" as const) },
          },
          {
            key: "mechanic",
            label: t("mechanic"),
            active: query.filter === "mechanic",
            change: { filter: query.filter === "mechanic" ? undefined : ("mechanic" as const) },
          },
        ]),
    {
      key: "onthego",
      label: t("onthego"),
      active: Boolean(query.onthego),
      change: { onthego: !query.onthego || undefined },
    },
    { key: "open", label: t("open"), active: Boolean(query.open), change: { open: !query.open || undefined } },
    {
      key: "prices",
      label: tp("filterHasPrices"),
      active: Boolean(query.prices),
      change: { prices: !query.prices || undefined },
    },
  ];

  return (
    <div className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 lg:flex-row lg:items-center">
      <ul aria-label={t("label")} className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <ListLink
              href={hrefFor(chip.change)}
              aria-pressed={chip.active}
              role="button"
              // A button answers Space as well as Enter; a link only Enter.
              onKeyDown={(event) => {
                if (event.key !== " ") return;
                event.preventDefault();
                event.currentTarget.click();
              }}
              className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white"
            >
              {chip.label}
            </ListLink>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3 lg:ml-auto">
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">{t("sort")}</span>
          <select {...sort} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
            {/* Without a chosen sort a job's list is cheapest first: the empty choice says so. */}
            <option value="">{query.job ? t("sortCheapest") : t("sortDefault")}</option>
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`sortOptions.${key.replace(".", "_") as "rating_desc"}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">{tp("filterJob")}</span>
          <select {...job} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
            <option value="">{tp("filterJobNone")}</option>
            {PRICE_JOBS.map((key) => (
              <option key={key} value={key}>
                {tp("job", { job: key })}
              </option>
            ))}
          </select>
        </label>
        <Link href="/ranking" className="self-center text-sm font-medium text-brand-700 underline">
          {t("howWeRank")}
        </Link>
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">{t("distance")}</span>
          <select {...distance} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
            <option value="">{t("distanceNone")}</option>
            {from === "point" ? <option value="point">{t("distancePoint")}</option> : null}
            <option value="mine">{t("distanceMine")}</option>
            <option value="map">{t("distanceMap")}</option>
          </select>
        </label>
      </div>
      <GeoFeedback state={geo.state} onRetry={geo.locate} title={t("geoUnavailable")} />
      <dialog
        ref={dialog}
        aria-labelledby="choose-point-title"
        className="m-auto w-[min(36rem,94vw)] rounded-xl p-0 backdrop:bg-slate-900/50"
      >
        <form onSubmit={applyPoint} className="space-y-4 p-5">
          <h2 id="choose-point-title" className="text-lg font-semibold">
            {t("chooseOnMap")}
          </h2>
          <p className="text-sm text-slate-600">{t("chooseHint")}</p>
          {pickerOpen ? <PointPickerMap value={picked} onPick={pick} label={tm("pickerLabel")} /> : null}
          <div className="grid grid-cols-2 gap-3">
            <label className="text-sm">
              <span className="font-medium">{t("latitude")}</span>
              <input
                name="lat"
                inputMode="decimal"
                value={point.lat}
                onChange={(event) => setPoint({ ...point, lat: event.target.value })}
                className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5"
              />
            </label>
            <label className="text-sm">
              <span className="font-medium">{t("longitude")}</span>
              <input
                name="lng"
                inputMode="decimal"
                value={point.lng}
                onChange={(event) => setPoint({ ...point, lng: event.target.value })}
                className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5"
              />
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium"
            >
              {t("cancel")}
            </button>
            <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">
              {t("apply")}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
