import { useTranslations } from "next-intl";

import { LinkPending } from "@/components/ui/link-pending";
import type { TopCardView } from "@/features/catalog/card-view";
import { OsmLabel } from "@/features/osm/components/osm-label";
import { ResponseFigureChip } from "@/features/requests/components/response-figures";
import { StarRating } from "@/features/reviews/components/star-rating";
import { ResponsiveImage } from "@/features/uploads/components/responsive-image";
import { Link } from "@/i18n/navigation";

/** A top-rated service in the strip above the results (features/directory/components/top-carousel.tsx): small, so the results stay in view. */
export function TopCard({ service }: { service: TopCardView }) {
  const t = useTranslations("Services");
  return (
    <div className="top-card">
      <div className="size-14 shrink-0 overflow-hidden rounded-md bg-slate-100">
        {service.image ? (
          <ResponsiveImage
            url={service.image}
            alt=""
            slot="icon"
            sizes="56px"
            width={56}
            height={56}
            className="size-full object-cover"
          />
        ) : null}
      </div>
      <div className="min-w-0 text-sm">
        <p className="truncate font-semibold">
          <Link href={`/service/${service._id}`} className="card-link after:rounded-lg">
            {service.name}
            <LinkPending />
          </Link>
        </p>
        <div className="flex items-center gap-2">
          <StarRating value={service.rating.avg} label={t("rating", { value: service.rating.avg.toFixed(1) })} />
          {service.claimed ? null : <OsmLabel className="px-1.5 text-[11px] leading-4" />}
          <ResponseFigureChip figures={service} className="min-w-0 truncate px-1.5 text-[11px] leading-4" />
        </div>
        <p
          className="truncate text-xs text-slate-600"
          title={service.role === "sto" ? t("tooltipSto") : t("tooltipMechanic")}
        >
          {service.role === "sto" ? t("roleSto") : t("roleMechanic")} · {t("reviews", { count: service.numReviews })} ·{" "}
          {service.address}
        </p>
      </div>
    </div>
  );
}
