import { ROLES } from "@/domain/service/fields";
import { PRICE_JOBS } from "@/domain/service/jobs";
import { SORT_KEYS } from "@/features/catalog/list-options";
import { searchText, z } from "@/lib/zod";

import type { ItemsQuery } from "./items-query-url";

export { serializeItemsQuery, type ItemsQuery } from "./items-query-url";

export type QueryIssues = Record<string, string>;

const ABSENT = new Set(["", "null", "undefined"]);

/** How far a visitor's clock may be from the server's: ten years, a wrong clock but a clock. */
const CLOCK_SPAN_MS = 10 * 365 * 24 * 3600_000;

const boolFlag = z.enum(["true", "false"], { error: "Validation.flag" }).transform((value) => value === "true");

/** The list's query parameters, each checked alone (a wrong one names itself in the 400). */
export const itemsQueryFields = {
  filter: z.enum(ROLES, { error: "Validation.filter" }),
  keyword: searchText,
  page: z
    .string()
    .regex(/^\d{1,5}$/, { error: "Validation.page" })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: "Validation.page" })),
  sort: z.enum(SORT_KEYS, { error: "Validation.sort" }).meta({
    description:
      "A rating's smoothed score either way, or `nearest`: by each service's own distance from `near`, which it needs (without it, a 400). Without a sort, `near` lists the masters who come to the point first (and, asked for the tow truck, the services whose tow truck's radius covers it), then the rest, each part nearest first.",
  }),
  onthego: boolFlag,
  open: boolFlag,
  // A visitor's clock: years far off are no clock, and years 0 or 10000 (in a time zone) break the database's dates.
  userDateTime: z.iso
    .datetime({ offset: true, error: "Validation.userDateTime" })
    .refine((value) => Math.abs(Date.parse(value) - Date.now()) < CLOCK_SPAN_MS, { error: "Validation.userDateTime" }),
  near: z
    .string()
    .regex(/^\s*-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, { error: "Validation.near" })
    .transform((value) => {
      const [lat, lng] = value.split(",").map(Number) as [number, number];
      return { lat, lng };
    })
    .refine(({ lat, lng }) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180, { error: "Validation.near" }),
  prices: boolFlag,
  job: z.enum(PRICE_JOBS, { error: "Prices.invalidJob" }),
} as const;

type Raw = URLSearchParams | Record<string, string | string[] | undefined>;

function read(raw: Raw, key: string): string | undefined {
  const value = raw instanceof URLSearchParams ? (raw.get(key) ?? undefined) : raw[key];
  const single = Array.isArray(value) ? value[0] : value;
  if (single === undefined || ABSENT.has(single.trim())) return undefined;
  return single;
}

export function parseItemsQuery(raw: Raw): { ok: true; query: ItemsQuery } | { ok: false; issues: QueryIssues } {
  const query: ItemsQuery = { page: 1 };
  const issues: QueryIssues = {};
  for (const key of Object.keys(itemsQueryFields) as (keyof typeof itemsQueryFields)[]) {
    const value = read(raw, key);
    if (value === undefined) continue;
    const result = itemsQueryFields[key].safeParse(value);
    if (!result.success) {
      issues[key] = result.error.issues[0]?.message ?? "Validation.invalid";
      continue;
    }
    if (key === "keyword" && result.data === "") continue;
    (query as Record<string, unknown>)[key] = result.data;
  }
  // Nearest to nothing is no order: it needs the point (a wrong point is named as such instead).
  if (query.sort === "nearest" && !query.near && !issues.near) issues.sort = "Validation.sortNeedsNear";
  return Object.keys(issues).length ? { ok: false, issues } : { ok: true, query };
}
