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

/** The key of the refusal of a call made while the browser is offline. */
export const OFFLINE_KEY = "OFFLINE";

/**
 * What a call made offline answers, in the page's language. The site shell sets it from its own
 * messages (app/_shell/offline-banner.tsx), so that every form says the same, whatever words
 * its caller passes for a failed request; until then the caller's own.
 */
let offlineMessage: string | undefined;
export function setOfflineMessage(message: string) {
  offlineMessage = message;
}

export async function postJson<T>(
  url: string,
  body: unknown,
  method = "POST",
  networkMessage = "Network error",
): Promise<T> {
  // Offline, say so at once: nothing is sent, and a button does not turn while a request waits for
  // a network that is not there (a flaky connection can hold a request for a minute before failing).
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    throw new ApiError(offlineMessage ?? networkMessage, 0, OFFLINE_KEY);
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
