import { useTranslations } from "next-intl";

/**
 * The small "OpenStreetMap" label on a card, a top card or a map popup of a place imported from
 * OpenStreetMap that nobody has claimed: its details are OSM's, not an owner's. The full
 * sentence is its tooltip and, for screen readers, its text.
 */
export function OsmLabel({ className = "" }: { className?: string }) {
  const t = useTranslations("Osm");
  return (
    <span title={t("labelTitle")} className={`rounded-full bg-sky-50 text-sky-900 ring-1 ring-sky-200 ${className}`}>
      {t("label")}
      <span className="sr-only"> — {t("labelTitle")}</span>
    </span>
  );
}
