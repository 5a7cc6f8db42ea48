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

/** A round badge with the number of services a grid cell holds; bigger for bigger groups. */
export function clusterIcon(count: number): L.DivIcon {
  const size = count < 100 ? 36 : count < 1000 ? 44 : 52;
  const label = count < 10_000 ? String(count) : `${Math.floor(count / 1000)}k`;
  return L.divIcon({
    className: "maister-pin maister-cluster",
    html: `<span style="display:grid;place-items:center;width:${size}px;height:${size}px;border-radius:9999px;background:#1d4ed8cc;border:3px solid #fff;color:#fff;font:700 13px system-ui,sans-serif;box-shadow:0 1px 4px #0004">${label}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
