import { SERVICE_RADIUS_MAX_KM } from "@/domain/service/fields";
import {
  comesToDriver,
  CUSTOM_JOB,
  CUSTOM_LABEL_MAX,
  PRICE_JOBS,
  PRICE_LINES_MAX,
  PRICE_MAX_UAH,
} from "@/domain/service/jobs";
import { z } from "@/lib/zod";

const amount = (key: string) =>
  z.number({ error: key }).int({ error: key }).min(1, { error: key }).max(PRICE_MAX_UAH, { error: key });

/** How far a tow truck comes: whole kilometres within a master's service radius's limit. */
const radius = z
  .number({ error: "Prices.radiusRequired" })
  .int({ error: "Prices.radiusRequired" })
  .min(1, { error: "Prices.radiusRequired" })
  .max(SERVICE_RADIUS_MAX_KM, { error: "Prices.radiusRequired" });

const line = z
  .object({
    job: z.enum([...PRICE_JOBS, CUSTOM_JOB], { error: "Prices.invalidJob" }),
    label: z
      .string({ error: "Prices.labelTooLong" })
      .trim()
      .max(CUSTOM_LABEL_MAX, { error: "Prices.labelTooLong" })
      .default(""),
    fromUah: amount("Prices.invalidAmount"),
    radiusKm: radius.nullable().optional().meta({
      description: "How far the service comes, in km: required for a job done where the driver is (tow_truck).",
    }),
  })
  .refine((value) => value.job !== CUSTOM_JOB || value.label !== "", { path: ["label"], error: "Prices.labelRequired" })
  .refine((value) => !comesToDriver(value.job) || typeof value.radiusKm === "number", {
    path: ["radiusKm"],
    error: "Prices.radiusRequired",
  })
  .transform((value) => ({
    job: value.job,
    label: value.job === CUSTOM_JOB ? value.label : "",
    fromUah: value.fromUah,
    radiusKm: comesToDriver(value.job) ? (value.radiusKm ?? null) : null,
  }));

/** PUT /api/items/users/{id}/prices: the whole list, each catalogue job at most once. */
export const priceListInput = z
  .object({ lines: z.array(line, { error: "Prices.invalid" }).max(PRICE_LINES_MAX, { error: "Prices.tooMany" }) })
  .superRefine(({ lines }, context) => {
    const seen = new Set<string>();
    lines.forEach((entry, index) => {
      if (entry.job === CUSTOM_JOB) return;
      if (seen.has(entry.job))
        context.addIssue({ code: "custom", path: ["lines", index, "job"], message: "Prices.duplicateJob" });
      seen.add(entry.job);
    });
  });
export type PriceListInput = z.infer<typeof priceListInput>;

/** What a reviewer may add: the job and what they paid, both or neither. */
export const paidFields = {
  paidJob: z.enum(PRICE_JOBS, { error: "Prices.invalidJob" }).nullable().default(null),
  paidUah: amount("Prices.invalidAmount").nullable().default(null),
};
export const paidTogether = (value: { paidJob: string | null; paidUah: number | null }) =>
  (value.paidJob === null) === (value.paidUah === null);
