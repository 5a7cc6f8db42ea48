import { useTranslations } from "next-intl";

import type { OsmLink } from "@/features/osm/answers";

const OSM_COPYRIGHT = "https://www.openstreetmap.org/copyright";

/**
 * On the page of a place imported from OpenStreetMap that nobody has claimed: where its details
 * come from and that no owner has confirmed them, the attribution the ODbL asks for, and the way
 * to its object on OSM and to OSM's editor, where a correction belongs.
 */
export function OsmNotice({ osm }: { osm: OsmLink | null }) {
  const t = useTranslations("Osm");
  return (
    <aside
      aria-labelledby="osm-notice"
      className="space-y-2 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <p id="osm-notice" className="font-semibold">
        {t("notice")}
      </p>
      <p>{t("noticeBody")}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {osm ? (
          <>
            <a href={osm.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
              {t("viewOnOsm")}
            </a>
            <a href={osm.editUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
              {t("suggestCorrection")}
            </a>
          </>
        ) : null}
        <a href={OSM_COPYRIGHT} target="_blank" rel="noopener noreferrer license" className="text-sky-900 underline">
          {t("attribution")}
        </a>
      </p>
    </aside>
  );
}
