import type { ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";

import { z } from "@/lib/zod";

/**
 * Pieces every feature's OpenAPI paths (features/<f>/openapi.ts) share: the error body that
 * errorResponse() in ./answers.ts sends, the one-sentence answer, and helpers that keep each
 * operation short. The document is put together in openapi.ts at the root.
 */

/** A message key and its text in the caller's language; a refused form names its fields. */
export const errorBody = z
  .object({
    message: z.string().meta({ description: "The error in the caller's language (the first field's, if any)." }),
    key: z.string().meta({ description: "The message key, stable across languages.", example: "Api.notFound" }),
    errors: z
      .record(z.string(), z.object({ key: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "Per field (dotted path, or `body`): its message key and text." }),
  })
  .meta({ id: "Error", description: "Every 4xx and 5xx answer of the API." });
export type ErrorBody = z.infer<typeof errorBody>;

/** An answer that is one translated sentence, e.g. "Saved." after a change. */
export const messageBody = z
  .object({ message: z.string().meta({ description: "A sentence in the caller's language." }) })
  .meta({ id: "Message" });

/** A JSON body described by a zod schema (request or answer). */
export function jsonContent(schema: z.ZodType) {
  return { content: { "application/json": { schema } } };
}

/** A JSON answer with its description. */
export function jsonAnswer(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, ...jsonContent(schema) };
}

/** A request body of JSON. */
export function jsonBody(schema: z.ZodType, description?: string) {
  return { required: true, ...(description ? { description } : {}), ...jsonContent(schema) };
}

/** What each error status means across the API (lib/http/answers.ts handle()). */
const ERROR_MEANINGS: Record<number, string> = {
  400: "The input is refused (JSON that does not parse, fields that break a rule: see `errors`).",
  401: "Not signed in.",
  402: "The payment was declined, or is still pending at the payment provider.",
  403: "Signed in, but not allowed (or a cross-site request, refused before anything else).",
  404: "No such resource (or not one the caller may see).",
  409: "The resource's state does not allow it (e.g. taken, already done).",
  413: "The body is larger than allowed.",
  415: "The body's Content-Type is not the one this route reads.",
  429: "Too many attempts; Retry-After says when to try again.",
  502: "An outside service the request needs (e.g. PayPal) failed or could not be reached.",
  503: "The database is out of reach; Retry-After says when to try again.",
};

/**
 * The error answers of an operation: each status given, with the common error body. Every route
 * that goes through handle() can also answer 500 (a logged server fault) and 503 (database out of
 * reach), which are added here so no operation forgets them.
 */
export function errorAnswers(...statuses: number[]): ZodOpenApiResponsesObject {
  const answers: ZodOpenApiResponsesObject = {};
  for (const status of [...statuses, 500, 503])
    answers[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = jsonAnswer(
      ERROR_MEANINGS[status] ?? (status === 500 ? "A server fault, logged; no details." : "Refused."),
      errorBody,
    );
  return answers;
}

/** The `{id}` of a path. */
export const idPath = z.object({ id: z.string().meta({ description: "The resource's id (a UUID)." }) });

/** Operations that need a session carry this (the scheme is declared in openapi.ts). */
export const SESSION = [{ session: [] }];
