/** The admin lists' page size (spec §9). */

export const ADMIN_PAGE_SIZE = 20;
