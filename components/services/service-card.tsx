import { getFormatter, getTranslations } from "next-intl/server";
import { SaveToggle } from "@/components/cart/save-toggle";
import { Link } from "@/i18n/navigation";
import { UAH } from "@/lib/prices";
import type { ServiceCard as Card } from "@/lib/server/service-dto";
import { CallLink, ViberLink } from "./contact-links";
import { OpeningBadge } from "./opening-status";
import { ResponsiveImage } from "./responsive-image";
import { StarRating } from "./star-rating";

/**
 * `priority`: the card is the first thing in view (its image is then likely the page's LCP).
 * `renderedAt`: the instant its opening status was computed for (ISO).
 */
export async function ServiceCard({ service, renderedAt, priority = false }: { service: Card; renderedAt: string; priority?: boolean }) {
  const [t, tp, format] = await Promise.all([getTranslations("Services"), getTranslations("Prices"), getFormatter()]);
  const tooltip = service.role === "sto" ? t("tooltipSto") : t("tooltipMechanic");
  const headingId = `card-${service._id}`;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        {service.image ? (
          <ResponsiveImage
            url={service.image}
            alt=""
            sizes="(min-width: 1280px) 25vw, (min-width: 768px) 50vw, 100vw"
            width={400}
            height={300}
            priority={priority}
            className="size-full object-cover"
          />
        ) : (
          <span className="grid size-full place-items-center text-sm text-slate-500">{t("noImage")}</span>
        )}
        <span title={tooltip} className="absolute top-2 left-2 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-slate-800 shadow">
          {service.role === "sto" ? t("roleSto") : t("roleMechanic")}
          <span className="sr-only"> — {tooltip}</span>
        </span>
        {/* Above the card's stretched link, like the call button; its focus ring is white and blue, as a photo can be either. */}
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
          className="absolute top-2 right-2 z-10 size-10 rounded-full bg-white/95 text-slate-700 shadow hover:bg-white hover:text-brand-700 focus-visible:ring-4 focus-visible:ring-brand-600 focus-visible:outline-offset-0 focus-visible:outline-white aria-pressed:text-brand-700"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="text-base leading-snug font-semibold">
          <Link
            href={`/service/${service._id}`}
            className="after:absolute after:inset-0 after:rounded-xl hover:text-brand-700 focus-visible:outline-none focus-visible:after:shadow-[inset_0_0_0_5px_white] focus-visible:after:outline-3 focus-visible:after:-outline-offset-3 focus-visible:after:outline-brand-600"
          >
            {service.name}
          </Link>
        </h3>
        <StarRating
          value={service.rating.avg}
          label={t("rating", { value: service.rating.avg.toFixed(1) })}
          suffix={t("reviews", { count: service.numReviews })}
        />
        <p className="text-sm text-slate-600">{service.address}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2 text-xs font-medium">
          <OpeningBadge status={service} timeZone={service.timeZone} renderedAt={renderedAt} className="px-2 py-1" />
          {service.isOnTheGo && !service.comesToYou ? <span className="rounded-full bg-amber-100 px-2 py-1 text-amber-900">{t("onTheGo")}</span> : null}
          {service.jobPriceUah !== undefined ? (
            <span className="rounded-full bg-violet-100 px-2 py-1 text-violet-900">{tp("from", { amount: format.number(service.jobPriceUah, UAH) })}</span>
          ) : null}
          {service.comesToYou ? <span className="rounded-full bg-emerald-100 px-2 py-1 text-emerald-800">{t("comesToYou")}</span> : null}
          {service.distanceKm !== undefined ? (
            <span className="rounded-full bg-brand-50 px-2 py-1 text-brand-700">{t("distance", { km: service.distanceKm })}</span>
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
                className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg border border-emerald-600 px-3 py-2 text-sm font-semibold text-emerald-700 hover:bg-emerald-50"
              />
            ) : null}
            {service.viber ? (
              <ViberLink
                number={service.viber}
                serviceId={service._id}
                name={t("viberLabel", { name: service.name })}
                label={t("viber")}
                className="inline-flex items-center justify-center rounded-lg border border-violet-600 px-3 py-2 text-sm font-semibold text-violet-800 hover:bg-violet-50"
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
