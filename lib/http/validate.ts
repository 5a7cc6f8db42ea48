import "server-only";

import type { z } from "zod";

import { fieldErrors } from "@/lib/zod";

import { BadRequestError } from "./errors";

/** Parses input with a shared schema; failures become a 400 with a message key per field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, body: unknown, key = "Api.badRequest"): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new BadRequestError(fieldErrors(result.error), key);
  return result.data;
}
