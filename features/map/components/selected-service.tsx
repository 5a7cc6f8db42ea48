"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";

import { Spinner } from "@/components/ui/spinner";
import { CallLink } from "@/domain/service/components/contact-links";
import { distanceKm, shownKm, type LatLng } from "@/domain/service/distance";
import type { CardView } from "@/features/catalog/card-view";
import { OpeningBadge } from "@/features/hours/components/opening-status";
import { badgeStatus } from "@/features/hours/live-status";
import { OsmLabel } from "@/features/osm/components/osm-label";
import { StarRating } from "@/features/reviews/components/star-rating";
import { Link } from "@/i18n/navigation";

/** What the card reads of GET /api/items/{id} (the service's public detail, of which the card fields are part). */
type Summary = Pick<
  CardView,
  | "_id"
  | "name"
  | "role"
  | "address"
  | "coordinates"
  | "rating"
  | "numReviews"
  | "openNow"
  | "nextChange"
  | "liveStatus"
  | "timeZone"
  | "hoursKnown"
  | "contactPhone1"
  | "claimed"
>;

type Loaded = { status: "loading" } | { status: "error" } | { status: "ready"; service: Summary; at: string };

/**
 * The card of the pin chosen on the list's map, under the map: name, rating or "New", open now,
 * the distance from the list's point, a big Call button and the way to the service's page. Read
 * when chosen (the map's answer carries only what the pins need).
 */
export function SelectedService({
  id,
  near,
  focusOnShow,
  onClose,
}: {
  id: string;
  near?: LatLng;
  /** Chosen with the keyboard: the focus moves to the card, where its buttons are. */
  focusOnShow: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("Map");
  const ts = useTranslations("Services");
  const headingId = useId();
  const [attempt, setAttempt] = useState(0);
  // Kept with the request it answers, so another pin's card reads as loading until its own answer.
  const asked = `${id}#${attempt}`;
  const [answered, setAnswered] = useState<{ asked: string; loaded: Loaded } | null>(null);
  const loaded: Loaded = answered?.asked === asked ? answered.loaded : { status: "loading" };
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetch(`/api/items/${id}`, { signal: abort.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(response.statusText);
        const service = (await response.json()) as Summary;
        setAnswered({ asked, loaded: { status: "ready", service, at: new Date().toISOString() } });
      })
      .catch(() => abort.signal.aborted || setAnswered({ asked, loaded: { status: "error" } }));
    return () => abort.abort();
  }, [id, asked]);

  useEffect(() => {
    const element = region.current;
    if (!element) return;
    // On a phone the card is below the fold of a tall map: bring it into view.
    element.scrollIntoView({ block: "nearest", behavior: "smooth" });
    if (focusOnShow) element.focus({ preventScroll: true });
  }, [id, focusOnShow]);

  const service = loaded.status === "ready" ? loaded.service : null;
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={t("selectedService")}
      data-selected-service=""
      className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm outline-none focus-visible:ring-3 focus-visible:ring-brand-600"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label={t("close")}
        title={t("close")}
        className="absolute top-2 right-2 grid size-11 place-items-center rounded-full text-xl text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <span aria-hidden>×</span>
      </button>
      {loaded.status === "loading" ? (
        <p role="status" className="flex min-h-24 items-center gap-2 text-sm text-slate-700">
          <Spinner />
          {t("loadingService")}
        </p>
      ) : loaded.status === "error" ? (
        <div role="alert" className="flex min-h-24 flex-wrap items-center gap-3 pr-12 text-sm text-red-800">
          <span>{t("serviceError")}</span>
          <button
            type="button"
            onClick={() => setAttempt((n) => n + 1)}
            className="min-h-11 rounded-md bg-red-700 px-3 py-1 font-medium text-white"
          >
            {t("retry")}
          </button>
        </div>
      ) : service ? (
        <article aria-labelledby={headingId} className="space-y-2">
          <h3 id={headingId} className="pr-12 text-base leading-snug font-semibold">
            {service.name}
          </h3>
          <StarRating
            value={service.rating.avg}
            label={ts("rating", { value: service.rating.avg.toFixed(1) })}
            suffix={ts("reviews", { count: service.numReviews })}
          />
          <p className="text-sm text-slate-600">{service.address}</p>
          <div className="flex flex-wrap gap-2 text-xs font-medium">
            <OpeningBadge
              status={badgeStatus(service)}
              timeZone={service.timeZone}
              renderedAt={loaded.status === "ready" ? loaded.at : ""}
              className="px-2 py-1"
            />
            {service.claimed ? null : <OsmLabel className="px-2 py-1" />}
            {near ? (
              <span className="rounded-full bg-brand-50 px-2 py-1 text-brand-700">
                {ts("distance", { km: shownKm(distanceKm(near, service.coordinates)) })}
              </span>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2 pt-1">
            {service.contactPhone1 ? (
              <CallLink
                phone={service.contactPhone1}
                serviceId={service._id}
                describedBy={headingId}
                label={ts("call")}
                className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
              />
            ) : null}
            <Link
              href={`/service/${service._id}`}
              aria-describedby={headingId}
              className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("details")}
            </Link>
          </div>
        </article>
      ) : null}
    </section>
  );
}
