"use client";

import { ApiError } from "@/components/account/api";

/** A 400's translated field messages keyed by top-level field ("timetable.friday" → "timetable"), for the form. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, detail]) => [field.split(".")[0]!, detail.message]));
}
