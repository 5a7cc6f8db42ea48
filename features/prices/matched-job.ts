import type { CUSTOM_JOB, PriceJob } from "@/domain/service/jobs";

/**
 * A price line a keyword matched (features/catalog/server/sql-fragments.ts matchedJobColumn): a
 * catalogue job (named by the Prices.job message, `label` "") or an owner's own line ("custom",
 * named by its `label`), its "from" price in hryvnias, and for a tow truck how far it comes (km).
 */
export type MatchedJob = { job: PriceJob | typeof CUSTOM_JOB; label: string; fromUah: number; radiusKm?: number };
