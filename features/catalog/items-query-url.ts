import type { ROLES } from "@/domain/service/fields";
import type { PriceJob } from "@/domain/service/jobs";
import type { SORT_KEYS } from "@/features/catalog/list-options";

// Kept apart from the parser (items-query.ts) so the filter links in the browser do not pull
// Zod into the first load of the services pages.

/**
 * The GET /api/items query (spec §7), shared by the route handler, the /services page and
 * the links the filters build. Values "null", "undefined" or blank count as absent (spec §5).
 */
export type ItemsQuery = {
  filter?: (typeof ROLES)[number];
  keyword?: string;
  page: number;
  sort?: (typeof SORT_KEYS)[number];
  onthego?: boolean;
  open?: boolean;
  userDateTime?: string;
  near?: { lat: number; lng: number };
  /** Only services with a price list. */
  prices?: boolean;
  /** Only services with a price for this job, cheapest first (nearest first with `near`). */
  job?: PriceJob;
};

/** URL parameters for a query, leaving out defaults so links stay short and shareable. */
export function serializeItemsQuery(query: Partial<ItemsQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword) params.set("keyword", query.keyword);
  if (query.filter) params.set("filter", query.filter);
  if (query.sort) params.set("sort", query.sort);
  if (query.onthego) params.set("onthego", "true");
  if (query.open) params.set("open", "true");
  if (query.near) params.set("near", `${query.near.lat},${query.near.lng}`);
  if (query.prices) params.set("prices", "true");
  if (query.job) params.set("job", query.job);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}
