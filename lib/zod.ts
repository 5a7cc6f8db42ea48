import { z } from "zod";

// Zod compiles parsers with `new Function` where it can; the CSP forbids eval in the browser, and
// even Zod's probe for it is reported as a violation. The interpreter is fast enough for forms.
z.config({ jitless: true });

export { z };

/**
 * Search text as people mean it: control characters (a pasted tab or NUL, which PostgreSQL cannot
 * even store) count as spaces, then the usual trim and length limit.
 */
export const searchText = z
  .string()
  .transform((value) => value.replace(/\p{Cc}/gu, " "))
  .pipe(z.string().trim().max(100, { error: "Validation.keywordTooLong" }));

/**
 * Text one person writes for another to read (a message): what cannot be seen goes before the
 * length is counted. Invisible format characters (zero-width spaces, bidi marks: they render as
 * nothing and can split a word or a number) are dropped, except the zero-width joiner emoji are
 * made of; control characters other than a line break or a tab are dropped; CR LF reads as LF.
 * A text of only such characters is empty.
 */
export const visibleText = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/(?!\u200D)\p{Cf}/gu, "")
    .replace(/(?![\n\t])\p{Cc}/gu, "");

/** Such a text, 1 to `max` characters once cleaned and trimmed; a text of only such characters is empty. */
export const typedText = (max: number, keys: { required: string; tooLong: string }) =>
  z
    .string({ error: keys.required })
    .transform(visibleText)
    .pipe(
      z
        .string()
        .trim()
        .max(max, { error: keys.tooLong })
        .refine((value) => /[^\s\u200D]/u.test(value), { error: keys.required }),
    );

/** First message key per field, the shape the API's 400 answers carry. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    fields[field] ??= issue.message.includes(".") ? issue.message : "Validation.invalid";
  }
  return fields;
}
