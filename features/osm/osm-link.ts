import type { OsmLink } from "@/features/osm/answers";

/** Links to an OpenStreetMap object (the id as text: OSM ids outgrow a JSON number's exact range one day). */
export function osmLink(type: OsmLink["type"], id: bigint | string): OsmLink {
  return {
    type,
    id: String(id),
    url: `https://www.openstreetmap.org/${type}/${id}`,
    editUrl: `https://www.openstreetmap.org/edit?${type}=${id}`,
  };
}
