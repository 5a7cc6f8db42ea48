import { getRequestConfig } from "next-intl/server";

import { toLocale } from "./locale";
import { MESSAGES } from "./messages";

/**
 * The zone next-intl formats dates in where code names none (the process's, as it would find
 * itself): read once here, as next-intl otherwise builds a DateTimeFormat for it on every request.
 * Times of a service are formatted in its own zone (features/hours/timetable.ts).
 */
const DEFAULT_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default getRequestConfig(async ({ requestLocale }) => {
  const locale = toLocale(await requestLocale);
  return { locale, messages: MESSAGES[locale], timeZone: DEFAULT_TIME_ZONE };
});
