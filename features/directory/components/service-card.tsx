"use client";

import { useFormatter, useTranslations } from "next-intl";

import { LinkPending } from "@/components/ui/link-pending";
import { CallLink, ViberLink } from "@/domain/service/components/contact-links";
import { UAH } from "@/domain/service/jobs";
import type { CardView } from "@/features/catalog/card-view";
import { shortPlace } from "@/features/catalog/postal-address";
import { OpeningBadge } from "@/features/hours/components/opening-status";
import { badgeStatus } from "@/features/hours/live-status";
import { OsmLabel } from "@/features/osm/components/osm-label";
import { MatchedJobChip } from "@/features/prices/components/matched-job-chip";
import { ResponseFigureChip } from "@/features/requests/components/response-figures";
import { StarRating } from "@/features/reviews/components/star-rating";
import { SaveToggle } from "@/features/saved/components/save-toggle";
import { ResponsiveImage } from "@/features/uploads/components/responsive-image";
import { Link } from "@/i18n/navigation";

/**
 * A result card, rendered from data (features/catalog/card-view.ts) so the page's flight data carries the
 * card's fields rather than its rendered tree. `priority`: the card is the first thing in view
 * (its image is then likely the page's LCP). `renderedAt`: the instant its opening status was
 * computed for (ISO).
 */
export function ServiceCard({
  service,
  renderedAt,
  priority = false,
}: {
  service: CardView;
  renderedAt: string;
  priority?: boolean;
}) {
  const t = useTranslations("Services");
  const tp = useTranslations("Prices");
  const format = useFormatter();
  const tooltip = service.role === "sto" ? t("tooltipSto") : t("tooltipMechanic");
  const headingId = `card-${service._id}`;
  return (
    <article className="card">
      <div className="card-photo">
        {service.image ? (
          <ResponsiveImage
            url={service.image}
            alt=""
            slot="card"
            sizes="(min-width: 1024px) 30vw, (min-width: 768px) 50vw, 80px"
            width={400}
            height={300}
            priority={priority}
            className="size-full object-cover"
          />
        ) : (
          <span className="grid size-full place-items-center text-center text-xs text-slate-500 md:text-sm">
            {t("noImage")}
          </span>
        )}
        <span title={tooltip} className="card-role">
          {service.role === "sto" ? t("roleSto") : t("roleMechanic")}
          <span className="sr-only"> — {tooltip}</span>
        </span>
      </div>
      {/* On the card, not the photo: on a phone the photo is a thumbnail, and from md on the photo's corner is the card's. */}
      <SaveToggle
        item={{
          _id: service._id,
          name: service.name,
          image: service.image,
          address: service.address,
          coordinates: service.coordinates,
          contactPhone1: service.contactPhone1,
          contactPhone2: service.contactPhone2,
          contactMail: service.contactMail,
        }}
        className="card-save"
      />
      <div className="card-body">
        <h3
          id={headingId}
          className="truncate pr-10 text-base leading-snug font-semibold md:overflow-visible md:pr-0 md:whitespace-normal"
        >
          <Link href={`/service/${service._id}`} className="card-link after:rounded-xl">
            {service.name}
            <LinkPending />
          </Link>
        </h3>
        <StarRating
          value={service.rating.avg}
          label={t("rating", { value: service.rating.avg.toFixed(1) })}
          suffix={
            service.fullReviews < service.numReviews
              ? t("reviewsCounted", { count: service.numReviews, full: service.fullReviews })
              : t("reviews", { count: service.numReviews })
          }
        />
        <p className="text-sm text-slate-600 max-md:hidden">{service.address}</p>
        {/* On a phone the city beside the status, in the room the status leaves (so the line never grows):
            a list across the country must say where each place is. From md on the address above says it. */}
        <div className="flex flex-wrap gap-1.5 text-xs font-medium max-md:flex-nowrap max-md:*:py-0.5 md:gap-2">
          <OpeningBadge
            status={badgeStatus(service)}
            timeZone={service.timeZone}
            renderedAt={renderedAt}
            className="px-2 py-1"
          />
          <span className="min-w-0 flex-1 truncate py-1 font-normal text-slate-600 md:hidden">
            {shortPlace(service.address)}
          </span>
        </div>
        {/* On a phone one row under the thumbnail: what else a driver decides by, and the Call button on the
            right, where a thumb finds it on every card; the address and response figures from md on. */}
        <div className="card-actions">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5 text-xs font-medium max-md:*:py-0.5 md:flex-none md:gap-2 md:empty:hidden">
            {service.claimed ? null : <OsmLabel className="px-2 py-1" />}
            {service.isOnTheGo && !service.comesToYou ? (
              <span className="rounded-full bg-amber-100 px-2 py-1 text-amber-900">{t("onTheGo")}</span>
            ) : null}
            {service.jobPriceUah !== undefined ? (
              <span className="rounded-full bg-violet-100 px-2 py-1 text-violet-900">
                {tp("from", { amount: format.number(service.jobPriceUah, UAH) })}
                {/* A tow truck says how far it comes, once: here unless the matched line's chip says it. */}
                {service.jobRadiusKm && !service.matchedJob?.radiusKm
                  ? ` · ${tp("comesUpTo", { km: service.jobRadiusKm })}`
                  : null}
              </span>
            ) : null}
            {service.matchedJob?.radiusKm ? (
              // The matched tow truck's chip with how far it comes, as the service page says it.
              <span className="rounded-full bg-violet-100 px-2 py-1 text-violet-900">
                <MatchedJobChip job={service.matchedJob} /> · {tp("comesUpTo", { km: service.matchedJob.radiusKm })}
              </span>
            ) : (
              <MatchedJobChip job={service.matchedJob} className="px-2 py-1" />
            )}
            {service.comesToYou ? (
              <span className="rounded-full bg-emerald-100 px-2 py-1 text-emerald-800">{t("comesToYou")}</span>
            ) : null}
            <ResponseFigureChip figures={service} className="px-2 py-1 max-md:hidden" />
            {service.distanceKm !== undefined ? (
              <span className="rounded-full bg-brand-50 px-2 py-1 text-brand-700">
                {t("distance", { km: service.distanceKm })}
              </span>
            ) : null}
          </div>
          {service.contactPhone1 || service.viber ? (
            <div className="flex shrink-0 gap-2">
              {service.contactPhone1 ? (
                <CallLink
                  phone={service.contactPhone1}
                  serviceId={service._id}
                  describedBy={headingId}
                  label={t("call")}
                  className="card-call"
                />
              ) : null}
              {service.viber ? (
                <ViberLink
                  number={service.viber}
                  serviceId={service._id}
                  name={t("viberLabel", { name: service.name })}
                  label={t("viber")}
                  className="card-viber"
                />
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}
