/**
 * How the list's results are shown on a phone: as the list or as the map. It is a URL parameter, so
 * that Back, a reload and a shared link keep it, but not part of the question: the server's parser
 * (items-query.ts) reads no such field, the API ignores it, and it is changed in the browser alone
 * (a pushState that Next keeps useSearchParams in step with), with no request to the server.
 */
export const VIEW_PARAM = "view";

export type ListView = "list" | "map";

export function listView(value: string | null | undefined): ListView {
  return value === "map" ? "map" : "list";
}

/** The address of the same page in the other view; every other parameter kept. */
export function searchWithView(search: string, view: ListView): string {
  const params = new URLSearchParams(search);
  if (view === "map") params.set(VIEW_PARAM, "map");
  else params.delete(VIEW_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "";
}
