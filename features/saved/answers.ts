import { LiveStatusAnswer, NextChangeAnswer } from "@/features/hours/answers";
import { z } from "@/lib/zod";

/**
 * What the Saved routes answer (GET /api/users/saved and GET /api/items/cards alike), as zod
 * schemas: the OpenAPI document describes them, the integration tests check answers against
 * them, and the types the server, the browser and ./rules.ts use come from them.
 */

export const savedCardAnswer = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    role: z.enum(["sto", "mechanic"]),
    image: z.string().nullable().meta({ description: "The cover's path, /api/uploads/{id}." }),
    address: z.string(),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    openNow: z.boolean(),
    nextChange: NextChangeAnswer.nullable(),
    liveStatus: LiveStatusAnswer.nullable(),
    timeZone: z.string(),
    hoursKnown: z.boolean(),
    claimed: z.boolean().meta({ description: "False for an imported place nobody has claimed yet." }),
    contactPhone1: z.string(),
    contactPhone2: z.string(),
    contactMail: z.string(),
  })
  .meta({ id: "SavedCard", description: "What the Saved list shows of a service, and its status now." });

export const savedListAnswer = z
  .object({
    items: z.array(savedCardAnswer),
    at: z.iso.datetime().meta({ description: "The instant the statuses were computed for." }),
  })
  .meta({ id: "SavedList" });

export const savedMergeAnswer = savedListAnswer.extend({
  notAdded: z.array(z.uuid()).meta({ description: "The device's ids that did not fit under the cap." }),
});

export const savedStateAnswer = z.object({ saved: z.boolean() });

/**
 * What the Saved list shows of a service, from the account (GET /api/users/saved) or for any
 * visitor (GET /api/items/cards): what the device keeps to show it offline (name, picture,
 * address, place, contacts), and its opening status now.
 */
export type SavedCardView = z.infer<typeof savedCardAnswer>;
/** The account's list as the routes answer it; `at` is the instant the statuses were computed for. */
export type SavedList = z.infer<typeof savedListAnswer>;
/** A merge's answer: the list after it, and the device's ids that did not fit under the cap. */
export type SavedMerge = z.infer<typeof savedMergeAnswer>;
