import { z } from "@/lib/zod";

/** The admin lists' page size (spec §9); the server pages them with pageOf() (./page-of.ts). */
export const ADMIN_PAGE_SIZE = 20;

/** ?page of the admin lists, from 1; an empty one (?page=, as a form hands it over) is the first. */
export const adminPage = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.coerce
    .number({ error: "Validation.page" })
    .int({ error: "Validation.page" })
    .min(1, { error: "Validation.page" })
    .max(100_000, { error: "Validation.page" })
    .optional()
    .default(1),
);
