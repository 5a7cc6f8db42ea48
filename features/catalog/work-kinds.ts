import { jobWordsMatching, type JobTopic } from "@/features/prices/job-words";

/**
 * Kinds of work a place is known for besides its category (services.workKinds): what an
 * OpenStreetMap tag says about it, such as a tyre shop (shop=tyres). Shown as chips on its page
 * (messages Osm.workKind.*) and found by keyword search.
 */
export const WORK_KINDS = ["tyres"] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export function isWorkKind(value: string): value is WorkKind {
  return (WORK_KINDS as readonly string[]).includes(value);
}

/** The price topic whose words name a kind of work (features/prices/job-words.ts): one word list for both. */
const TOPIC: Record<WorkKind, JobTopic> = { tyres: "tyres" };

/**
 * Kinds of work a keyword names, by the words of its price topic: "шиномонтаж", "tyres" or the
 * beginning "tir" name tyres, "машини" (cars, holding "шин" only inside) does not. Answered here,
 * as categoriesMatching is, so SQL compares an array, not text.
 */
export function workKindsMatching(variants: readonly string[]): WorkKind[] {
  const { topics } = jobWordsMatching(variants);
  return WORK_KINDS.filter((kind) => topics.includes(TOPIC[kind]));
}
