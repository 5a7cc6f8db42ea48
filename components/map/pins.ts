import L from "leaflet";

/** 34x45 map pins drawn inline, so no marker image has to be fetched or bundled. */
function pin(fill: string, glyph: string): L.DivIcon {
  return L.divIcon({
    className: "maister-pin",
    html: `<svg xmlns="http://www.w3.org/2000/svg" width="34" height="45" viewBox="0 0 34 45" aria-hidden="true">
      <path d="M17 1C8.2 1 1 8 1 16.7 1 28.5 17 44 17 44s16-15.5 16-27.3C33 8 25.8 1 17 1z" fill="${fill}" stroke="#fff" stroke-width="2"/>
      <text x="17" y="22" text-anchor="middle" font-family="system-ui,sans-serif" font-size="13" font-weight="700" fill="#fff">${glyph}</text></svg>`,
    iconSize: [34, 45],
    iconAnchor: [17, 45],
    popupAnchor: [0, -40],
  });
}

export const PINS = {
  sto: pin("#1d4ed8", "S"),
  mechanic: pin("#b45309", "M"),
  me: pin("#047857", "●"),
  chosen: pin("#be123c", "●"),
};
