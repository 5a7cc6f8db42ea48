/** The OpenStreetMap object an imported place was made from: its page and its edit page there. */
export type OsmLink = { type: "node" | "way" | "relation"; id: string; url: string; editUrl: string };

/** Links to an OpenStreetMap object (the id as text: OSM ids outgrow a JSON number's exact range one day). */
export function osmLink(type: OsmLink["type"], id: bigint | string): OsmLink {
  return {
    type,
    id: String(id),
    url: `https://www.openstreetmap.org/${type}/${id}`,
    editUrl: `https://www.openstreetmap.org/edit?${type}=${id}`,
  };
}
