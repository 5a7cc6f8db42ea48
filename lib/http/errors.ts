import "server-only";

import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A value a translated message takes: text, a plain number, or a number the answer writes in its
 * own language with these Intl.NumberFormat options (the error is raised before the language is known).
 */
export type MessageValue = string | number | { number: number; format: Intl.NumberFormatOptions };
export type MessageValues = Record<string, MessageValue>;

/** Errors the data layer raises; route handlers turn them into 4xx answers with message keys. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** The values of the messages: `message` for the key's, the others by field. */
    readonly values?: { message?: MessageValues; fields?: Record<string, MessageValues> },
  ) {
    super(key);
  }
}

export class NotFoundError extends AppError {
  constructor(key = "Api.notFound") {
    super(404, key);
  }
}

export class BadRequestError extends AppError {
  /** `fieldValues`: the values a field's message takes ("{final} is above {ceiling}"), by field. */
  constructor(fields: Record<string, string>, key = "Api.badRequest", fieldValues?: Record<string, MessageValues>) {
    super(400, key, fields, undefined, fieldValues ? { fields: fieldValues } : undefined);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A unique constraint refused the write (two requests raced past a check, or a taken e-mail). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
