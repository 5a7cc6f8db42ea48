"use client";

import { useTranslations } from "next-intl";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useTransition,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";

import { PointPickerMap } from "@/components/map/lazy-maps";
import { parsePoint } from "@/components/map/map-center";
import { GeoFeedback, useGeolocation, useVisitorPoint } from "@/components/map/use-geolocation";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { distanceChoice, type LatLng } from "@/domain/service/distance";
import { PRICE_JOBS } from "@/domain/service/jobs";
import { serializeItemsQuery, type ItemsQuery } from "@/features/catalog/items-query-url";
import { defaultSortLabel, SORT_KEYS } from "@/features/catalog/list-options";
import { Link } from "@/i18n/navigation";

import { ListLink, useListNavigation } from "./list-navigation";
import { useSettledSelect } from "./use-settled-select";

type Props = {
  pathname: string;
  query: ItemsQuery;
  fixedFilter?: "sto" | "mechanic";
  /** What a typed point that is not a coordinate says, from the server: the page needs no other Validation message. */
  pointErrors: { latitude: string; longitude: string };
  /** How many results the query has, for the sheet's button that shows them. */
  total: number;
  /** Beside the Filters button on a phone (the List/Map switch). */
  toolbar?: ReactNode;
};

/** Tailwind's lg: from here on the filters are on the page, not in a sheet. */
const INLINE_FILTERS = "(min-width: 64rem)";
const FOCUSABLE = "a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex='0']";

/** The choices in the sheet that differ from their default: what the Filters button counts. */
function activeChoices(query: ItemsQuery, fixedFilter: Props["fixedFilter"]): number {
  return [
    !fixedFilter && query.filter,
    query.onthego,
    query.open,
    query.prices,
    query.job,
    query.sort,
    query.near,
  ].filter(Boolean).length;
}

/**
 * Filter chips, sort and distance: every choice is a URL change, so results are shareable, made in
 * the list's transition (list-navigation.tsx), and shown as made at once (the query on its way).
 * From lg on they are on the page; on a smaller screen in a sheet behind one button that says how
 * many are chosen, so the first screen shows results.
 */
export function FilterBar({ pathname, query: applied, fixedFilter, pointErrors, total, toolbar }: Props) {
  const t = useTranslations("Filters");
  const tl = useTranslations("Loading");
  const { navigate, pending, upcoming } = useListNavigation();
  // The query the filters show: the one asked for while it loads, else the page's.
  const query = upcoming ?? applied;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  // A screen grown to lg while the sheet was open shows the filters on the page again.
  const inline = useMediaQuery(INLINE_FILTERS);
  const open = sheetOpen && !inline;
  const sheetId = useId();
  const titleId = useId();
  const tm = useTranslations("Map");
  const tp = useTranslations("Prices");
  // Typed text, not numbers, so "49." can be typed on the way to "49.5".
  const [point, setPoint] = useState({ lat: String(query.near?.lat ?? ""), lng: String(query.near?.lng ?? "") });
  const [pickerOpen, setPickerOpen] = useState(false);
  const typed = parsePoint(point.lat, point.lng);
  const picked = "point" in typed ? typed.point : null;
  const pick = useCallback((chosen: LatLng) => setPoint({ lat: String(chosen.lat), lng: String(chosen.lng) }), []);

  const nextQuery = (change: Partial<ItemsQuery>): ItemsQuery => ({ ...query, ...change, page: 1 });
  const hrefFor = (change: Partial<ItemsQuery>) => {
    const next = nextQuery(change);
    if (fixedFilter) next.filter = undefined;
    return { pathname, query: Object.fromEntries(serializeItemsQuery(next).entries()) };
  };
  const go = (change: Partial<ItemsQuery>) => navigate(hrefFor(change), { query: nextQuery(change) });

  const closeSheet = useCallback(() => {
    setSheetOpen(false);
    opener.current?.focus();
  }, []);
  // Open, the sheet takes the focus and the page behind it stops scrolling; a screen grown to lg closes it.
  useEffect(() => {
    if (!open) return;
    sheet.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
    };
  }, [open]);

  /** A modal sheet: Tab goes round inside it, Escape closes it (unless a dialog opened from it takes the key). */
  function sheetKeys(event: KeyboardEvent<HTMLDivElement>) {
    if (!open || (event.target as Element).closest("dialog")) return;
    if (event.key === "Escape") {
      event.preventDefault();
      closeSheet();
      return;
    }
    if (event.key !== "Tab" || !sheet.current) return;
    const stops = [...sheet.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null && !element.closest("dialog"),
    );
    const first = stops[0];
    const last = stops.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }
  // The list of the position found is a navigation: `finding` lasts until it has loaded.
  const [finding, startFinding] = useTransition();
  // "Nearest" chosen with no point yet: the visitor's position is asked first, and the sort comes with it.
  const nearestOnceFound = useRef(false);
  const geo = useGeolocation((near: LatLng) => {
    const sort = nearestOnceFound.current ? ("nearest" as const) : undefined;
    nearestOnceFound.current = false;
    startFinding(() => go(sort ? { near, sort } : { near }));
  });
  const sort = useSettledSelect(query.sort ?? "", (value) => {
    if (value === "nearest" && !query.near) {
      nearestOnceFound.current = true;
      geo.locate();
    } else go({ sort: (value || undefined) as ItemsQuery["sort"] });
  });
  // While the position is looked for and its list loads, the field already says where the distance is from.
  const visitor = useVisitorPoint();
  const from = geo.state.status === "locating" || finding ? "mine" : distanceChoice(query.near, visitor);
  const distance = useSettledSelect(from, chooseDistance);
  const job = useSettledSelect(query.job ?? "", (value) => go({ job: (value || undefined) as ItemsQuery["job"] }));

  function chooseDistance(value: string) {
    nearestOnceFound.current = false;
    // Nearest to no point is no order (the server refuses it): the sort goes with the point.
    if (value === "") go({ near: undefined, ...(query.sort === "nearest" ? { sort: undefined } : {}) });
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
    <>
      <div className="mt-2 flex items-center justify-between gap-2 lg:hidden">
        <button
          ref={opener}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={sheetId}
          onClick={() => setSheetOpen(true)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold shadow-sm hover:bg-slate-50"
        >
          <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" d="M3 5h14M6 10h8M8.5 15h3" />
          </svg>
          {t("button", { count: activeChoices(query, fixedFilter) })}
        </button>
        {toolbar}
      </div>
      {open ? <div aria-hidden className="fixed inset-0 z-50 bg-slate-900/50" onClick={closeSheet} /> : null}
      <div
        id={sheetId}
        ref={sheet}
        role={open ? "dialog" : undefined}
        aria-modal={open || undefined}
        aria-labelledby={open ? titleId : undefined}
        onKeyDown={sheetKeys}
        className={
          open
            ? "fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl bg-white shadow-2xl"
            : "mt-4 hidden rounded-xl border border-slate-200 bg-white p-3 lg:block"
        }
      >
        {open ? (
          <div className="flex items-center justify-between border-b border-slate-200 py-1 pr-2 pl-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {t("label")}
            </h2>
            <button
              type="button"
              onClick={closeSheet}
              aria-label={t("close")}
              className="grid size-11 place-items-center rounded-full text-2xl leading-none hover:bg-slate-100"
            >
              <span aria-hidden>×</span>
            </button>
          </div>
        ) : null}
        <div
          className={
            open ? "flex flex-col gap-4 overflow-y-auto p-4" : "flex flex-col gap-3 lg:flex-row lg:items-center"
          }
        >
          <ul aria-label={t("label")} className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <ListLink
                  href={hrefFor(chip.change)}
                  upcomingQuery={nextQuery(chip.change)}
                  aria-pressed={chip.active}
                  role="button"
                  // A button answers Space as well as Enter; a link only Enter.
                  onKeyDown={(event) => {
                    if (event.key !== " ") return;
                    event.preventDefault();
                    event.currentTarget.click();
                  }}
                  className="inline-block rounded-full border border-slate-300 px-3.5 py-2 text-sm font-medium aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white lg:px-3 lg:py-1.5"
                >
                  {chip.label}
                </ListLink>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3 lg:ml-auto lg:flex-row lg:flex-wrap">
            <label className="flex items-center justify-between gap-2 text-sm lg:justify-start">
              <span className="font-medium">{t("sort")}</span>
              <select
                {...sort}
                className="min-h-11 w-3/5 rounded-md border border-slate-300 bg-white px-2 py-1.5 lg:min-h-0 lg:w-auto"
              >
                {/* Without a chosen sort a job's list is cheapest first (not near a point): the empty choice says so. */}
                <option value="">{t(defaultSortLabel(query))}</option>
                {SORT_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {t(`sortOptions.${key.replace(".", "_") as "rating_desc"}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center justify-between gap-2 text-sm lg:justify-start">
              <span className="font-medium">{tp("filterJob")}</span>
              <select
                {...job}
                className="min-h-11 w-3/5 rounded-md border border-slate-300 bg-white px-2 py-1.5 lg:min-h-0 lg:w-auto"
              >
                <option value="">{tp("filterJobNone")}</option>
                {PRICE_JOBS.map((key) => (
                  <option key={key} value={key}>
                    {tp("job", { job: key })}
                  </option>
                ))}
              </select>
            </label>
            <Link href="/ranking" className="self-start text-sm font-medium text-brand-700 underline lg:self-center">
              {t("howWeRank")}
            </Link>
            <label className="flex items-center justify-between gap-2 text-sm lg:justify-start">
              <span className="font-medium">{t("distance")}</span>
              <select
                {...distance}
                className="min-h-11 w-3/5 rounded-md border border-slate-300 bg-white px-2 py-1.5 lg:min-h-0 lg:w-auto"
              >
                <option value="">{t("distanceNone")}</option>
                {from === "point" ? <option value="point">{t("distancePoint")}</option> : null}
                <option value="mine">{t("distanceMine")}</option>
                <option value="map">{t("distanceMap")}</option>
              </select>
            </label>
          </div>
          <GeoFeedback state={geo.state} onRetry={geo.locate} title={t("geoUnavailable")} />
        </div>
        {open ? (
          <div className="border-t border-slate-200 p-3">
            <button
              type="button"
              onClick={closeSheet}
              aria-busy={pending || undefined}
              className="flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
            >
              {pending ? (
                <>
                  <Spinner /> {tl("label")}
                </>
              ) : (
                t("showResults", { count: total })
              )}
            </button>
          </div>
        ) : null}
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
    </>
  );
}
