import { useTranslations } from "next-intl";

import { WrenchIcon } from "@/components/ui/wrench-icon";
import { StarRating } from "@/features/reviews/components/star-rating";

/** The rating the station has earned: a draft has none yet, a claimed place keeps its reviews. */
export type PreviewRating = { avg: number; numReviews: number; fullReviews: number };

/**
 * The station as it will be listed, on /placeorder. The spec's preview showed a fixed "5.0 (100
 * reviews)" whatever the place had; a claimed place shows its real rating, and a station nobody
 * reviewed yet is "New" (StarRating decides, as everywhere else), so the preview promises nothing
 * the listing will not show.
 */
export function OrderPreview({
  station,
  rating,
}: {
  station: { name: string; image: string | null; address: string; description: string };
  rating: PreviewRating;
}) {
  const t = useTranslations("PlaceOrder");
  const ts = useTranslations("Services");
  return (
    <article aria-labelledby="preview-title" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <h2 id="preview-title" className="sr-only">
        {t("preview")}
      </h2>
      {station.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own immutable upload
        <img
          src={station.image}
          alt={station.name}
          width={600}
          height={300}
          className="aspect-[2/1] w-full object-cover"
        />
      ) : (
        <div aria-hidden className="grid aspect-[2/1] place-items-center bg-brand-50">
          <WrenchIcon className="size-16 text-brand-600" />
        </div>
      )}
      <div className="space-y-2 p-4">
        <p className="text-lg font-semibold">{station.name}</p>
        <StarRating
          value={rating.avg}
          label={ts("rating", { value: rating.avg.toFixed(1) })}
          newLabel={t("new")}
          suffix={
            rating.numReviews === 0
              ? undefined
              : rating.fullReviews < rating.numReviews
                ? ts("reviewsCounted", { count: rating.numReviews, full: rating.fullReviews })
                : ts("reviews", { count: rating.numReviews })
          }
        />
        <p className="text-sm text-slate-600">{station.address}</p>
        {station.description ? (
          <p className="text-sm whitespace-pre-line text-slate-700">{station.description}</p>
        ) : null}
      </div>
    </article>
  );
}
