/** Limits of the special-dates editor and the visitors' hours reports. */

/** Special dates: a list long enough for a year of holidays and closures, short enough to check in a glance. */
export const SPECIAL_HOURS_MAX = 40;

export const SPECIAL_REASON_MAX = 100;

/** What a visitor can say about a listing's hours in one tap (the service page's buttons). */
export const HOURS_REPORT_KINDS = ["wrong_hours", "closed_permanently"] as const;
