import { z } from "@/lib/zod";

import { SAVED_MAX, SERVICE_ID as UUID } from "./rules";

/** A service's id; lower-cased, as the database spells it. */
export const savedId = z
  .string({ error: "Validation.id" })
  .regex(UUID, { error: "Validation.id" })
  .transform((id) => id.toLowerCase());

/** POST /api/users/saved: one service saved. */
export const savedAddInput = z.object({ id: savedId });

/** PUT /api/users/saved: the device's list, merged into the account's. */
export const savedMergeInput = z.object({
  ids: z.array(savedId, { error: "Cart.ids" }).max(SAVED_MAX, { error: "Cart.ids" }),
});

/**
 * GET /api/items/cards?ids=a,b: one to SAVED_MAX ids, comma-separated (empty parts skipped, each
 * id once, in the order given); null when the parameter is anything else.
 */
export function parseCardIds(raw: string | null): string[] | null {
  // Longer than SAVED_MAX ids and their commas can be is no list of ids: refused before splitting.
  if (!raw || raw.length > SAVED_MAX * 37) return null;
  const ids: string[] = [];
  for (const part of raw.split(",")) {
    const id = part.trim();
    if (!id) continue;
    if (!UUID.test(id)) return null;
    const lower = id.toLowerCase();
    if (!ids.includes(lower)) ids.push(lower);
  }
  return ids.length > 0 && ids.length <= SAVED_MAX ? ids : null;
}
