"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

import { useGeolocation } from "@/components/map/use-geolocation";
import { FormAlert } from "@/components/ui/fields";
import type { LatLng } from "@/domain/service/distance";
import { Link, useRouter } from "@/i18n/navigation";

import { REQUEST_MAX_SERVICES } from "../rules";

/**
 * /requests/new without a service or a point: the driver's position becomes the point (the best
 * services near it get the request), or they go and pick a service first.
 */
export function StartPoint() {
  const t = useTranslations("RequestForm");
  const router = useRouter();
  const found = useCallback(
    (point: LatLng) =>
      router.replace({ pathname: "/requests/new", query: { lat: String(point.lat), lng: String(point.lng) } }),
    [router],
  );
  const { state, locate } = useGeolocation(found);
  return (
    <section aria-labelledby="request-start" className="mx-auto max-w-xl space-y-4 py-6">
      <h1 id="request-start" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="text-slate-700">{t("startIntro", { max: REQUEST_MAX_SERVICES })}</p>
      {state.status === "error" ? <FormAlert>{state.message}</FormAlert> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={locate}
          disabled={state.status === "locating"}
          aria-busy={state.status === "locating"}
          className="min-h-12 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {state.status === "locating" ? t("locating") : t("useLocation")}
        </button>
        <Link
          href="/services"
          className="grid min-h-12 place-items-center rounded-lg border border-slate-300 px-5 font-medium hover:bg-slate-50"
        >
          {t("findService")}
        </Link>
      </div>
    </section>
  );
}
