import "server-only";

import { BadRequestError } from "@/lib/http/errors";
import { ADMIN_PAGE_SIZE } from "@/lib/http/pagination";

/** The page's rows of an admin list of `total`; a page past the last is a 400. */
export function pageOf(total: number, page: number) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (page > pages) throw new BadRequestError({ page: "Validation.pageOutOfRange" });
  return { pages, offset: (page - 1) * ADMIN_PAGE_SIZE };
}
