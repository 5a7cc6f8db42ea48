import { z } from "@/lib/zod";

/** The answers of the admins' OpenStreetMap routes, as the OpenAPI document describes them. */

const count = z.number().int();

export const OsmRunAnswer = z
  .object({
    id: z.guid(),
    trigger: z.string().meta({ description: "Who started it: the schedule, an admin or the command line." }),
    origin: z.string().meta({ description: "Where the data came from (the Overpass address or a saved file)." }),
    status: z.enum(["running", "succeeded", "failed", "refused"]).meta({
      description: "refused: the answer listed under half of the places shown, so nothing was applied.",
    }),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    elements: count,
    added: count,
    updated: count,
    unchanged: count,
    hidden: count,
    restored: count,
    linked: count,
    skipped: count,
    /** Null for runs before this was kept. */
    seenBefore: count
      .nullable()
      .meta({ description: "The places shown before the run, which its answer was held against." }),
    error: z.string().nullable(),
  })
  .meta({ id: "OsmImportRun" });

export const lastRunAnswer = z.object({
  run: OsmRunAnswer.nullable().meta({ description: "Null before the first run." }),
});
export const runStartedAnswer = z.object({ runId: z.guid() });

const OsmLinkViewAnswer = z
  .object({
    id: z.guid(),
    osm: z.string().meta({ description: "type/id on OpenStreetMap, e.g. node/123." }),
    name: z.string(),
    linkDecision: z
      .string()
      .nullable()
      .meta({ description: 'An admin\'s word: "linked" or "separate"; null when only the import linked it.' }),
    serviceId: z.guid().nullable().meta({ description: "The place's own listing, if it has one." }),
    duplicateOf: z
      .object({ id: z.guid(), name: z.string(), address: z.string() })
      .nullable()
      .meta({ description: "The owner's listing it is linked to." }),
  })
  .meta({ id: "OsmPlaceLink" });

export const osmLinksAnswer = z.object({ places: z.array(OsmLinkViewAnswer) });

export type OsmRunView = z.infer<typeof OsmRunAnswer>;
export type OsmLinkView = z.infer<typeof OsmLinkViewAnswer>;

export const OsmLinkAnswer = z
  .object({ type: z.enum(["node", "way", "relation"]), id: z.string(), url: z.url(), editUrl: z.url() })
  .meta({ id: "OsmLink", description: "The OpenStreetMap object an imported place was made from." });

/** The OpenStreetMap object an imported place was made from: its page and its edit page there. */
export type OsmLink = z.infer<typeof OsmLinkAnswer>;
