"use client";

/** JSON calls to our API; failures carry the server's translated message and key. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly key?: string,
    readonly errors?: Record<string, { key: string; message: string }>,
  ) {
    super(message);
  }
}

export async function postJson<T>(
  url: string,
  body: unknown,
  method = "POST",
  networkMessage = "Network error",
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(networkMessage, 0, "FETCH_ERROR");
  }
  const data = (await response.json().catch(() => null)) as
    (T & { message?: string; key?: string; errors?: ApiError["errors"] }) | null;
  if (!response.ok) throw new ApiError(data?.message ?? response.statusText, response.status, data?.key, data?.errors);
  return data as T;
}

/** A 400's translated messages by field (`rename` maps "timetable.friday" or "rating.speed" to the form's name). */
export function fieldMessages(
  error: unknown,
  rename: (field: string) => string = (field) => field,
): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, detail]) => [rename(field), detail.message]));
}

export const topLevelField = (field: string) => field.split(".")[0]!;
