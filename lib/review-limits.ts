/**
 * Review limits the forms show and the schemas enforce. Kept apart from the zod schemas
 * (lib/validation) so client components can use them without loading zod with the page.
 */
export const COMMENT_MAX = 600;
export const REPLY_MAX = 1000;
export const REPORT_TEXT_MAX = 500;
export const REPORT_REASONS = ["spam", "offensive", "notAVisit", "conflict", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
