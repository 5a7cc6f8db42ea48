import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";

/**
 * The site's words as a spec reads them: every label a spec looks for comes from messages/*.json,
 * in the language of the run, so a spec never hard-codes a word the site may change.
 */
export type Code = "en" | "uk";
export type Translate = (key: string, values?: Record<string, string | number | Date>) => string;

const MESSAGES = Object.fromEntries(
  (["en", "uk"] as const).map((code) => [
    code,
    JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "messages", `${code}.json`), "utf8")) as Record<
      string,
      unknown
    >,
  ]),
) as Record<Code, Record<string, unknown>>;

export function translator(code: Code): Translate {
  const t = createTranslator({ locale: code, messages: MESSAGES[code] as never });
  return (key, values) => (t as unknown as Translate)(key, values);
}

/** A text as a regular expression that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
