"use client";

import { useFormatter, useTranslations } from "next-intl";

import { LinkPending } from "@/components/ui/link-pending";
import type { CardView } from "@/features/catalog/card-view";
import { OpeningBadge } from "@/features/hours/components/opening-status";
import { badgeStatus } from "@/features/hours/live-status";
import { OsmLabel } from "@/features/osm/components/osm-label";
import { MatchedJobChip } from "@/features/prices/components/matched-job-chip";
import { UAH } from "@/features/prices/price-catalogue";
import { ResponseFigureChip } from "@/features/requests/components/response-figures";
import { StarRating } from "@/features/reviews/components/star-rating";
import { SaveToggle } from "@/features/saved/components/save-toggle";
import { ResponsiveImage } from "@/features/uploads/components/responsive-image";
import { Link } from "@/i18n/navigation";

import { CallLink, ViberLink } from "./contact-links";

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
            slot="photo"
            sizes="(min-width: 1280px) 25vw, (min-width: 768px) 50vw, 100vw"
            width={400}
            height={300}
            priority={priority}
            className="size-full object-cover"
          />
        ) : (
          <span className="grid size-full place-items-center text-sm text-slate-500">{t("noImage")}</span>
        )}
        <span title={tooltip} className="card-role">
          {service.role === "sto" ? t("roleSto") : t("roleMechanic")}
          <span className="sr-only"> — {tooltip}</span>
        </span>
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
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="text-base leading-snug font-semibold">
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
        <p className="text-sm text-slate-600">{service.address}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2 text-xs font-medium">
          <OpeningBadge
            status={badgeStatus(service)}
            timeZone={service.timeZone}
            renderedAt={renderedAt}
            className="px-2 py-1"
          />
          {service.claimed ? null : <OsmLabel className="px-2 py-1" />}
          {service.isOnTheGo && !service.comesToYou ? (
            <span className="rounded-full bg-amber-100 px-2 py-1 text-amber-900">{t("onTheGo")}</span>
          ) : null}
          {service.jobPriceUah !== undefined ? (
            <span className="rounded-full bg-violet-100 px-2 py-1 text-violet-900">
              {tp("from", { amount: format.number(service.jobPriceUah, UAH) })}
            </span>
          ) : null}
          <MatchedJobChip job={service.matchedJob} className="px-2 py-1" />
          {service.comesToYou ? (
            <span className="rounded-full bg-emerald-100 px-2 py-1 text-emerald-800">{t("comesToYou")}</span>
          ) : null}
          <ResponseFigureChip figures={service} className="px-2 py-1" />
          {service.distanceKm !== undefined ? (
            <span className="rounded-full bg-brand-50 px-2 py-1 text-brand-700">
              {t("distance", { km: service.distanceKm })}
            </span>
          ) : null}
        </div>
        {service.contactPhone1 || service.viber ? (
          // Above the card's stretched link, so a tap dials (or opens Viber) instead of opening the page.
          <div className="relative z-10 mt-2 flex gap-2">
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
    </article>
  );
}
