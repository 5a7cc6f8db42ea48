import type { Locale, Messages } from "next-intl";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

/**
 * Every language's messages: the one module that imports messages/*.json. Pages and components
 * get them through next-intl's request config (i18n/request.ts). The rest reads them here because
 * it runs where that config is not available: the proxy's own 400 and 503 pages, API answers and
 * mails composed in route handlers, the mail queue and tests, and the category search over both
 * languages' names (inside scripts too, so this module imports nothing at run time). Typed as
 * Messages, so a key missing from uk.json fails the type check.
 */
export const MESSAGES: Record<Locale, Messages> = { en, uk };
