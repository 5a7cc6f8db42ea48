"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

import { shownKm } from "@/domain/service/distance";
import { UAH } from "@/domain/service/jobs";
import { OpeningBadge } from "@/features/hours/components/opening-status";
import { badgeStatus } from "@/features/hours/live-status";
import { isRated } from "@/features/reviews/rating";

import type { SuggestedService } from "../answers";
import { REQUEST_MAX_OTHERS, REQUEST_MAX_SERVICES, REQUEST_NEARBY_KM } from "../rules";
import { ResponseFigureChip } from "./response-figures";

/** The service a request starts from, as its page showed it. */
export type StartService = {
  _id: string;
  name: string;
  address: string;
  role: "sto" | "mechanic";
};

/**
 * Where a request starts: a service's page ("Ask for a price", with the driver's point when they
 * shared it: distances are measured from it), or a point ("the best near me").
 */
export type RequestStart =
  | { kind: "service"; service: StartService; near: { lat: number; lng: number } | null }
  | { kind: "point"; point: { lat: number; lng: number } };

/** The driver's point a request's distances are measured from, if any. */
export const driverPointOf = (start: RequestStart) => (start.kind === "point" ? start.point : start.near);

type Loaded =
  | { job: string; state: "loading" }
  | { job: string; state: "failed" }
  | { job: string; state: "ready"; list: SuggestedService[]; at: string };

/**
 * The request's last step: who gets it. From a service's page that service (always) and up to
 * REQUEST_MAX_OTHERS of the services near it that do the job, ticked by the driver; from a point
 * the best services near it, the first REQUEST_MAX_SERVICES ticked until the driver changes the
 * choice. Asked when the step opens, again when the job changed since. For a request "as soon as
 * possible" each shows whether it is open now: a stranded driver asks the ones that can see them.
 */
export function Suggestions({
  start,
  job,
  asap,
  active,
  chosen,
  register,
  setChosen,
  error,
}: {
  start: RequestStart;
  job: string;
  asap: boolean;
  active: boolean;
  chosen: string[];
  register: UseFormRegisterReturn<"serviceIds">;
  setChosen: (ids: string[]) => void;
  error?: string;
}) {
  const t = useTranslations("RequestForm");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const touched = useRef(false);
  const fromPoint = start.kind === "point";
  const max = fromPoint ? REQUEST_MAX_SERVICES : REQUEST_MAX_OTHERS;

  const load = useCallback(async () => {
    setLoaded({ job, state: "loading" });
    const point = driverPointOf(start);
    const query = new URLSearchParams({
      ...(start.kind === "service" ? { serviceId: start.service._id } : {}),
      ...(point ? { lat: String(point.lat), lng: String(point.lng) } : {}),
      job,
    });
    try {
      const response = await fetch(`/api/requests/suggest?${query}`, { cache: "no-store" });
      if (!response.ok) return setLoaded({ job, state: "failed" });
      const list = (await response.json()) as SuggestedService[];
      // The statuses are the server's at this moment: the badges count on from it.
      const at = new Date(Date.parse(response.headers.get("date") ?? "") || Date.now()).toISOString();
      setLoaded({ job, state: "ready", list, at });
      // A choice made for another job keeps only the services that do this one too.
      const offered = new Set(list.map((service) => service.serviceId));
      const kept = chosen.filter((id) => offered.has(id));
      setChosen(fromPoint && !touched.current ? list.slice(0, max).map((service) => service.serviceId) : kept);
    } catch {
      setLoaded({ job, state: "failed" });
    }
    // `chosen` is read as it is when the list comes, not a reason to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start, job, fromPoint, max, setChosen]);

  useEffect(() => {
    // Asked once the step opens, and again only when the job changed since.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loading state set before the request
    if (active && job && loaded?.job !== job) void load();
  }, [active, job, loaded?.job, load]);

  const full = chosen.length >= max;
  let body;
  if (!loaded || loaded.state === "loading")
    body = (
      <ul aria-busy className="space-y-2" aria-label={t("suggestionsLoading")}>
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-20 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </ul>
    );
  else if (loaded.state === "failed")
    body = (
      <div role="alert" className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>{t("suggestionsError")}</p>
        <button
          type="button"
          onClick={() => void load()}
          className="min-h-11 rounded-lg border border-red-300 bg-white px-4 font-medium text-red-900 hover:bg-red-50"
        >
          {t("retry")}
        </button>
      </div>
    );
  else if (!loaded.list.length)
    body = (
      <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">
        {fromPoint ? t("suggestionsNoneNear", { km: REQUEST_NEARBY_KM }) : t("suggestionsNone")}
      </p>
    );
  else
    body = (
      <fieldset aria-describedby="suggestions-count">
        <legend className="text-sm font-medium">{fromPoint ? t("sendTo") : t("alsoSendTo")}</legend>
        <p id="suggestions-count" className="mt-1 text-xs text-slate-600" aria-live="polite">
          {t("chosenCount", { count: chosen.length, max })}
        </p>
        <ul className="mt-2 space-y-2">
          {loaded.list.map((service) => (
            <li key={service.serviceId}>
              <SuggestedRow
                service={service}
                openSince={asap ? loaded.at : null}
                disabled={full && !chosen.includes(service.serviceId)}
                register={register}
                onTouch={() => {
                  touched.current = true;
                }}
              />
            </li>
          ))}
        </ul>
      </fieldset>
    );

  return (
    <div className="space-y-4">
      {start.kind === "service" ? (
        <div className="rounded-xl border-2 border-brand-600 bg-brand-50 p-4">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words">{start.service.name}</span>
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
              {t("included")}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-700">{start.service.address}</p>
        </div>
      ) : null}
      {/* What the list offers, said only once there is one. */}
      {loaded?.state === "ready" && loaded.list.length ? (
        <p className="text-sm text-slate-700">{fromPoint ? t("pointIntro", { max }) : t("servicesIntro", { max })}</p>
      ) : null}
      {body}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

function SuggestedRow({
  service,
  openSince,
  disabled,
  register,
  onTouch,
}: {
  service: SuggestedService;
  /** When the list was read, for a request as soon as possible: its opening status is shown. */
  openSince: string | null;
  disabled: boolean;
  register: UseFormRegisterReturn<"serviceIds">;
  onTouch: () => void;
}) {
  const t = useTranslations("RequestForm");
  const ts = useTranslations("Services");
  const tp = useTranslations("Prices");
  const format = useFormatter();
  const id = `suggested-${service.serviceId}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-disabled:cursor-default has-disabled:opacity-60"
    >
      <input
        id={id}
        type="checkbox"
        value={service.serviceId}
        disabled={disabled}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-details`}
        {...register}
        onChange={(event) => {
          onTouch();
          void register.onChange(event);
        }}
        className="mt-0.5 size-6 shrink-0 accent-brand-600"
      />
      <span className="min-w-0 flex-1">
        <span id={`${id}-name`} className="block font-semibold break-words">
          {service.name}
        </span>
        <span id={`${id}-details`} className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
          {openSince ? (
            <OpeningBadge
              status={badgeStatus(service)}
              timeZone={service.timeZone}
              renderedAt={openSince}
              className="px-2"
            />
          ) : null}
          <span>{service.role === "sto" ? ts("roleSto") : ts("roleMechanic")}</span>
          {service.distanceKm !== null ? <span>{t("distanceKm", { km: shownKm(service.distanceKm) })}</span> : null}
          <span>
            {isRated(service.ratingAvg)
              ? t("ratingShort", { value: service.ratingAvg.toFixed(1), count: service.numReviews })
              : ts("new")}
          </span>
          {service.price !== null ? (
            <span className="font-semibold text-violet-900">
              {tp("from", { amount: format.number(service.price, UAH) })}
            </span>
          ) : null}
          <ResponseFigureChip figures={service} className="px-2" />
        </span>
      </span>
    </label>
  );
}
