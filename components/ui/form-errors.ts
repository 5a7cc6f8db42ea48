import type { FieldErrors } from "react-hook-form";

/** Where the form-level message lives among react-hook-form's errors (its "root" is never a field). */
export const FORM_MESSAGE = "root.server";

/** The message of each refused field in react-hook-form's nested errors, by dotted name ("rating.quality"). */
export function messagesByField(errors: FieldErrors): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === "ref" || !value || typeof value !== "object") continue;
      const name = prefix ? `${prefix}.${key}` : key;
      if ("type" in value && typeof value.message === "string") found[name] = value.message;
      else walk(value, name);
    }
  };
  walk(errors, "");
  return found;
}

type Wording = {
  /** Whether the form has an input for this field. */
  shown: (field: string) => boolean;
  /** The form's own words for a field, whichever rule refused it (spec §5: "Please enter a valid password"). */
  wording?: Record<string, string | undefined>;
  /** A message key in the page's language; keys it does not know read as "not valid". */
  translate: (key: string) => string;
};

/**
 * A submit as the form shows it: the message keys of the fields it has, in words, and the first
 * problem of a field it does not show (a reset link's token, the feedback's sender) as the message
 * of the whole form, so that no refusal goes unsaid. Fields whose key is false or missing passed.
 */
export function refusal(
  keys: Record<string, string | false | undefined>,
  { shown, wording = {}, translate }: Wording,
): { fields: Record<string, string>; form: string | null } {
  const fields: Record<string, string> = {};
  let form: string | null = null;
  for (const [field, key] of Object.entries(keys)) {
    if (!key) continue;
    const text = translate(wording[field] ?? key);
    if (shown(field)) fields[field] = text;
    else form ??= text;
  }
  return { fields, form };
}

/**
 * The whole form's message for a refused send, or null when it only repeats a field's message
 * that the form shows by that field (a wrong password: the server names the field and gives the
 * request the same words). Said twice, the form read as if there were two problems.
 */
export function formLevelMessage(
  message: string,
  fields: Record<string, string>,
  shown: (field: string) => boolean,
): string | null {
  return Object.entries(fields).some(([field, text]) => text === message && shown(field)) ? null : message;
}
