"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { MapService } from "./services-map";
import { ServicesMap, WhenNearViewport } from "./lazy-maps";

async function fetchLocations(): Promise<MapService[]> {
  const response = await fetch("/api/items/locations");
  const body = (await response.json().catch(() => null)) as { services?: MapService[]; message?: string } | null;
  if (!response.ok || !body?.services) throw new Error(body?.message ?? response.statusText);
  return body.services;
}

/** The home map of every published service, fetched once the map is about to be seen. */
export function HomeMap() {
  const t = useTranslations("Map");
  return (
    <WhenNearViewport>
      <HomeMapLoaded label={t("allServices")} />
    </WhenNearViewport>
  );
}

function HomeMapLoaded({ label }: { label: string }) {
  const t = useTranslations("Map");
  const locations = useQuery({ queryKey: ["items", "locations"], queryFn: fetchLocations });
  if (locations.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-semibold">{t("loadError")}</p>
        <p>{locations.error.message}</p>
        <button type="button" onClick={() => locations.refetch()} className="mt-2 rounded-md bg-red-700 px-3 py-1 font-medium text-white">
          {t("retry")}
        </button>
      </div>
    );
  }
  return <ServicesMap services={locations.data ?? []} label={label} />;
}
