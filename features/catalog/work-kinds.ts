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

/**
 * The starts of the words that name a kind of work, in either language (and Russian spelling
 * drivers type too): "шини", "шиномонтаж", "вулканізація", "tyres", "tire service".
 */
const WORD_STARTS: Record<WorkKind, readonly string[]> = {
  tyres: ["tyre", "tire", "шин", "вулканіз", "вулканиз", "vulcani", "vulkaniz"],
};

/** A typed start of a word counts once it is this long ("шин", "tir"), not "ш" or "ти". */
const MIN_PREFIX = 3;

/**
 * Kinds of work a keyword names: one of its words begins with a kind's word ("шиномонтаж"), or it
 * is the beginning of one ("tir"). A word holding it only inside does not count: "машини" (cars)
 * names no tyres. Answered here, as categoriesMatching is, so SQL compares an array, not text.
 */
export function workKindsMatching(variants: readonly string[]): WorkKind[] {
  const words = variants.flatMap((variant) => variant.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return WORK_KINDS.filter((kind) =>
    WORD_STARTS[kind].some((start) =>
      words.some((word) => word.startsWith(start) || (word.length >= MIN_PREFIX && start.startsWith(word))),
    ),
  );
}
