import { errorBody } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { CLAIM_PAY_DAYS } from "./rules";

/** The answers of the claim routes, as the OpenAPI document describes them. */

const claimStatus = z.enum(["code_sent", "pending", "verified", "completed", "rejected", "cancelled"]);

export const ClaimViewAnswer = z
  .object({
    _id: z.guid(),
    status: claimStatus,
    dispute: z.boolean().meta({ description: "Someone holds the place: an admin decides." }),
    /** For "send again" (which repeats the claim). */
    message: z.string().meta({ description: "The claimant's own words." }),
    /** Masked as m***@example.com. */
    sentTo: z
      .string()
      .nullable()
      .meta({ description: "The place's address the code went to, masked, while a code is waiting." }),
    expiresAt: z.iso.datetime().nullable().meta({ description: "When the code stops working, while one is waiting." }),
    triesLeft: z.number().int().nullable().meta({ description: "Wrong tries left, while a code is waiting." }),
    reason: z.string().meta({ description: 'Why it was rejected, in the caller\'s language ("" otherwise).' }),
    lapsed: z.boolean().meta({
      description: `Verified, then not paid within ${CLAIM_PAY_DAYS} days: rejected, and it no longer holds the place.`,
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Claim", description: "A claim on a listing, as its claimant sees it." });

export const MyClaimAnswer = z
  .object({
    claim: ClaimViewAnswer.nullable().meta({ description: "The viewer's latest claim on the place, if any." }),
    yours: z.boolean().meta({ description: "The viewer owns the place already." }),
    held: z.boolean().meta({
      description:
        "Someone else holds the place (its owner, or another person's verified claim not yet lapsed): a claim now goes to an administrator.",
    }),
  })
  .meta({ id: "MyClaim" });

/** The 400 of a wrong code: the common error's message and key, and the tries left (0: the claim has ended). */
export const WrongClaimCodeAnswer = z
  .object({ message: z.string(), key: z.string(), triesLeft: z.number().int() })
  .meta({ id: "WrongClaimCode" });

export const claimCodeRefusedAnswer = z.union([WrongClaimCodeAnswer, errorBody]);

const person = z.object({ _id: z.guid(), name: z.string(), email: z.string() });

const AdminClaimAnswer = z
  .object({
    _id: z.guid(),
    status: claimStatus,
    dispute: z.boolean(),
    message: z.string(),
    createdAt: z.iso.datetime(),
    sentTo: z.string().nullable().meta({ description: "The address a code went to, unmasked." }),
    service: z.object({
      _id: z.guid(),
      name: z.string(),
      source: z.enum(["owner", "osm"]),
      contactMail: z.string(),
    }),
    claimant: person,
    owner: person.nullable(),
    /** Proved by code or by an earlier approval. */
    holder: person.nullable().meta({ description: "Another claimant who proved the place, if any." }),
    addressChangedRecently: z.boolean().meta({
      description:
        "The place's e-mail on OpenStreetMap changed (or was first seen) under 4 weeks ago: no code goes to it, an admin decides.",
    }),
  })
  .meta({ id: "AdminClaim" });

export const ClaimQueueAnswer = z
  .object({ claims: z.array(AdminClaimAnswer), page: z.number().int(), pages: z.number().int() })
  .meta({ id: "ClaimQueue" });

/** What the claimant sees of their claim (the panel; GET and POST of /api/items/{id}/claim). */
export type ClaimView = z.infer<typeof ClaimViewAnswer>;
export type ClaimStatus = ClaimView["status"];
export type AdminClaim = z.infer<typeof AdminClaimAnswer>;
