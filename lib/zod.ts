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

/** First message key per field, the shape the API's 400 answers carry. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    fields[field] ??= issue.message.includes(".") ? issue.message : "Validation.invalid";
  }
  return fields;
}
