/**
 * Prices for standard jobs: a fixed catalogue drivers can compare across services,
 * "from" amounts in whole hryvnias, plus an owner's own lines. Tyre changes go by rim size, as
 * tyre shops charge.
 */
export const PRICE_JOBS = [
  "tyre_r13",
  "tyre_r14",
  "tyre_r15",
  "tyre_r16",
  "tyre_r17",
  "tyre_r18",
  "tyre_r19",
  "tyre_r20plus",
  "oil_change",
  "diagnostics",
  "wheel_alignment",
  "brake_pads",
  "ac_refill",
  "tow_truck",
] as const;
export type PriceJob = (typeof PRICE_JOBS)[number];

/**
 * Jobs done where the driver is: their line says how far the service comes (`radiusKm`), as an
 * on-the-go master's profile does, so a driver stuck 60 km out knows before calling.
 */
export const COMES_TO_DRIVER_JOBS: readonly PriceJob[] = ["tow_truck"];
export const comesToDriver = (job: string) => (COMES_TO_DRIVER_JOBS as readonly string[]).includes(job);
export const CUSTOM_JOB = "custom";

export const PRICE_LINES_MAX = 30;
export const PRICE_MAX_UAH = 200_000;
export const CUSTOM_LABEL_MAX = 60;
/** A median of what reviewers paid is shown from this many reports of the job on. */
export const PAID_MEDIAN_MIN = 3;

/** How an amount is written: "₴1,600" / "1 600 ₴" (next-intl's format.number takes it). */
export const UAH = {
  style: "currency",
  currency: "UAH",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
} as const;
