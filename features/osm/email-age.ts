/**
 * How long a place's e-mail must have stood unchanged on OpenStreetMap before it counts as the
 * place's own: anyone may edit the tag, and a code to it is the proof of owning the place, so a
 * freshly edited address neither gets a code nor replaces the listing's contact mail. Four weeks
 * give the place's owner and OSM's mappers time to see and undo an edit.
 */
export const EMAIL_STABLE_MS = 28 * 24 * 60 * 60_000;

/**
 * Whether an address first seen (or last edited on OSM) at `since` is still too new at `now`.
 * No time known is new: an address we cannot date is not trusted.
 */
export function emailChangedRecently(since: Date | null | undefined, now: Date = new Date()): boolean {
  if (!since || Number.isNaN(since.getTime())) return true;
  return now.getTime() - since.getTime() < EMAIL_STABLE_MS;
}

/**
 * When the e-mail of an element first seen now has stood since: the time of its last edit on OSM
 * (no tag of it changed after that), never later than now; now when the answer does not say.
 */
export function emailSinceOfNew(lastEdited: string | undefined, now: Date = new Date()): Date {
  const edited = lastEdited ? new Date(lastEdited) : null;
  if (!edited || Number.isNaN(edited.getTime())) return now;
  return edited < now ? edited : now;
}
