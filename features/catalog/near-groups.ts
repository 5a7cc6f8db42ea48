import type { ItemsQuery } from "./items-query-url";

/**
 * Near a point, the list puts the masters who come to it first, however far their base
 * (features/catalog/server/list.ts), with, asked for the tow truck, the services whose tow truck
 * reaches it, and then the rest, each part nearest first. Shown as one list,
 * a master 4.4 km away above a station 0.3 km away reads as a wrong order, so the page heads the
 * two parts. Null when the page is one list: no point, nearest first asked (every service by its
 * own distance), or nobody on this page who comes. `mastersOnly`: everyone who comes is a master,
 * so the heading may say "Masters who come to you here"; a station there comes by its tow truck.
 */
export function nearGroups<Card extends { _id: string; role?: "sto" | "mechanic"; comesToYou?: true }>(
  items: Card[],
  query: Pick<ItemsQuery, "near" | "sort">,
): { comesToYou: Card[]; nearest: Card[]; mastersOnly: boolean } | null {
  if (!query.near || query.sort === "nearest") return null;
  const comesToYou = items.filter((item) => item.comesToYou);
  if (!comesToYou.length) return null;
  return {
    comesToYou,
    nearest: items.filter((item) => !item.comesToYou),
    mastersOnly: comesToYou.every((item) => item.role !== "sto"),
  };
}
