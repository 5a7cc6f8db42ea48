"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Link, useRouter } from "@/i18n/navigation";
import { SORT_KEYS } from "@/lib/constants";
import { serializeItemsQuery, type ItemsQuery } from "@/lib/validation/items-query";

type Props = { pathname: string; query: ItemsQuery; fixedFilter?: "sto" | "mechanic" };
type GeoState = { status: "idle" } | { status: "locating" } | { status: "error"; message: string };

/** Filter chips, sort and distance: every choice is a URL change, so results are shareable. */
export function FilterBar({ pathname, query, fixedFilter }: Props) {
  const t = useTranslations("Filters");
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [geo, setGeo] = useState<GeoState>({ status: "idle" });

  const hrefFor = (change: Partial<ItemsQuery>) => {
    const next = { ...query, ...change, page: 1 };
    if (fixedFilter) next.filter = undefined;
    return { pathname, query: Object.fromEntries(serializeItemsQuery(next).entries()) };
  };
  const go = (change: Partial<ItemsQuery>) => router.push(hrefFor(change));

  function locate() {
    if (!("geolocation" in navigator)) {
      setGeo({ status: "error", message: t("geoUnsupported") });
      return;
    }
    setGeo({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGeo({ status: "idle" });
        go({ near: { lat: Number(position.coords.latitude.toFixed(5)), lng: Number(position.coords.longitude.toFixed(5)) } });
      },
      (error) => setGeo({ status: "error", message: error.code === error.PERMISSION_DENIED ? t("geoDenied") : t("geoError") }),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }

  function chooseDistance(value: string) {
    if (value === "") go({ near: undefined });
    else if (value === "mine") locate();
    else if (value === "map") dialog.current?.showModal();
  }

  function applyPoint(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const lat = Number(data.get("lat"));
    const lng = Number(data.get("lng"));
    if (!data.get("lat") || !data.get("lng") || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      toast.error(t("chooseLocationFirst"));
      return;
    }
    dialog.current?.close();
    go({ near: { lat, lng } });
  }

  const chips: { key: string; label: string; active: boolean; change: Partial<ItemsQuery> }[] = [
    ...(fixedFilter
      ? []
      : [
          { key: "sto", label: t("sto"), active: query.filter === "sto", change: { filter: query.filter === "sto" ? undefined : ("sto" as const) } },
          { key: "mechanic", label: t("mechanic"), active: query.filter === "mechanic", change: { filter: query.filter === "mechanic" ? undefined : ("mechanic" as const) } },
        ]),
    { key: "onthego", label: t("onthego"), active: Boolean(query.onthego), change: { onthego: !query.onthego || undefined } },
    { key: "open", label: t("open"), active: Boolean(query.open), change: { open: !query.open || undefined } },
  ];

  return (
    <div className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 lg:flex-row lg:items-center">
      <ul aria-label={t("label")} className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              href={hrefFor(chip.change)}
              aria-pressed={chip.active}
              role="button"
              className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white"
            >
              {chip.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3 lg:ml-auto">
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">{t("sort")}</span>
          <select
            value={query.sort ?? ""}
            onChange={(event) => go({ sort: (event.target.value || undefined) as ItemsQuery["sort"] })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            <option value="">{t("sortDefault")}</option>
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`sortOptions.${key.replace(".", "_") as "rating_desc"}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">{t("distance")}</span>
          <select value={query.near ? "point" : ""} onChange={(event) => chooseDistance(event.target.value)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
            <option value="">{t("distanceNone")}</option>
            {query.near ? <option value="point">{t("distancePoint")}</option> : null}
            <option value="mine">{t("distanceMine")}</option>
            <option value="map">{t("distanceMap")}</option>
          </select>
        </label>
      </div>
      {geo.status === "locating" ? (
        <p role="status" className="text-sm text-slate-600">
          {t("locating")}
        </p>
      ) : null}
      {geo.status === "error" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          <span>{geo.message}</span>
          <button type="button" onClick={locate} className="rounded-md bg-red-700 px-3 py-1 font-medium text-white">
            {t("tryAgain")}
          </button>
        </div>
      ) : null}
      <dialog ref={dialog} aria-labelledby="choose-point-title" className="m-auto w-[min(28rem,92vw)] rounded-xl p-0 backdrop:bg-slate-900/50">
        <form onSubmit={applyPoint} className="space-y-4 p-5">
          <h2 id="choose-point-title" className="text-lg font-semibold">
            {t("chooseOnMap")}
          </h2>
          <p className="text-sm text-slate-600">{t("chooseHint")}</p>
          <div className="grid grid-cols-2 gap-3">
            <label className="text-sm">
              <span className="font-medium">{t("latitude")}</span>
              <input name="lat" inputMode="decimal" defaultValue={query.near?.lat ?? ""} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5" />
            </label>
            <label className="text-sm">
              <span className="font-medium">{t("longitude")}</span>
              <input name="lng" inputMode="decimal" defaultValue={query.near?.lng ?? ""} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5" />
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium">
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
