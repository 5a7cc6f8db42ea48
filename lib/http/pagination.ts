import { BadRequestError } from "@/lib/http/errors";
import { z } from "@/lib/zod";

/** The admin lists' page size (spec §9). */
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

/** The page's rows of an admin list of `total`; a page past the last is a 400. */
export function pageOf(total: number, page: number) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (page > pages) throw new BadRequestError({ page: "Validation.pageOutOfRange" });
  return { pages, offset: (page - 1) * ADMIN_PAGE_SIZE };
}
