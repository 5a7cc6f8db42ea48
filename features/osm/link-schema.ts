import { z } from "@/lib/zod";

/**
 * An admin's word on an imported place (PUT /api/items/admin/osm-places/{id}): the id of the owner's
 * listing it is the same business as, or null to show it as a place of its own.
 */
export const osmLinkInput = z.object({
  link: z.uuid({ error: "Validation.id" }).nullable(),
});
export type OsmLinkInput = z.infer<typeof osmLinkInput>;
