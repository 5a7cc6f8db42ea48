import L from "leaflet";

import { MARKER_BOX_PX, MARKER_SIZE } from "@/components/map/defaults";

// Every icon fits in MARKER_BOX_PX × MARKER_BOX_PX with its anchor at the bottom centre: markers
// are kept at least a grid cell (~51 px) apart (mergeNearby, groupMarkers), so none can cover
// another and each stays a whole tap target.
const [PIN_WIDTH, PIN_HEIGHT] = MARKER_SIZE;

/** The spec's 34x45 map pins, drawn inline, so no marker image has to be fetched or bundled. */
function pin(fill: string, glyph: string): L.DivIcon {
  return L.divIcon({
    className: "maister-pin",
    html: `<svg xmlns="http://www.w3.org/2000/svg" width="${PIN_WIDTH}" height="${PIN_HEIGHT}" viewBox="0 0 34 45" aria-hidden="true">
      <path d="M17 1C8.2 1 1 8 1 16.7 1 28.5 17 44 17 44s16-15.5 16-27.3C33 8 25.8 1 17 1z" fill="${fill}" stroke="#fff" stroke-width="2"/>
      <text x="17" y="22" text-anchor="middle" font-family="system-ui,sans-serif" font-size="13" font-weight="700" fill="#fff">${glyph}</text></svg>`,
    iconSize: [PIN_WIDTH, PIN_HEIGHT],
    iconAnchor: [PIN_WIDTH / 2, PIN_HEIGHT],
    popupAnchor: [0, -PIN_HEIGHT + 4],
  });
}

export const PINS = {
  sto: pin("#1d4ed8", "S"),
  mechanic: pin("#b45309", "M"),
  me: pin("#047857", "●"),
  chosen: pin("#be123c", "●"),
};

/** The pin whose card is shown under the list's map: the same letter, in the chosen point's red. */
export const SELECTED_PINS = {
  sto: pin("#be123c", "S"),
  mechanic: pin("#be123c", "M"),
};

/**
 * A counted group: a round badge on a short stem pointing at the group's place, the same box and
 * anchor as a pin. The count says how big the group is (up to four characters: 9999, then 12k).
 */
export function clusterIcon(count: number): L.DivIcon {
  const size = MARKER_BOX_PX;
  const label = count < 10_000 ? String(count) : `${Math.floor(count / 1000)}k`;
  const fontSize = label.length > 3 ? 11 : 13;
  return L.divIcon({
    className: "maister-pin maister-cluster",
    html: `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40" aria-hidden="true">
      <path d="M15 31.5 20 39 25 31.5z" fill="#1d4ed8"/>
      <circle cx="20" cy="17" r="15.5" fill="#1d4ed8" stroke="#fff" stroke-width="3"/>
      <text x="20" y="21.5" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${fontSize}" font-weight="700" fill="#fff">${label}</text></svg>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size],
  });
}
