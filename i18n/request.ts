import { getRequestConfig } from "next-intl/server";
import { toLocale } from "./locale";
import { MESSAGES } from "./messages";

export default getRequestConfig(async ({ requestLocale }) => {
  const locale = toLocale(await requestLocale);
  return { locale, messages: MESSAGES[locale] };
});
