/** Review, reply and report limits the forms show (spec §5), free of zod like the other feature rules. */

export const COMMENT_MAX = 600;

export const VISIT_CODE_MAX = 20;

export const REPLY_MAX = 1000;

export const REPORT_TEXT_MAX = 500;

export const REPORT_REASONS = ["spam", "offensive", "notAVisit", "conflict", "other"] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];
