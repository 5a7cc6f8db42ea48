import type { ZodOpenApiPathsObject } from "zod-openapi";

import { claimCodeRefusedAnswer, ClaimQueueAnswer, ClaimViewAnswer, MyClaimAnswer } from "@/features/claims/answers";
import { claimCodeInput, claimDecisionInput, claimInput } from "@/features/claims/schema";
import { errorAnswers, idPath, jsonAnswer, jsonBody, messageBody, SESSION } from "@/lib/http/openapi-common";
import { adminPage } from "@/lib/http/pagination";
import { z } from "@/lib/zod";

export const paths: ZodOpenApiPathsObject = {
  "/api/items/{id}/claim": {
    get: {
      tags: ["Claims"],
      security: SESSION,
      summary: "The viewer's claim on a place",
      description: "The viewer's latest claim on the place, and whether the place is theirs already.",
      requestParams: { path: idPath },
      responses: {
        "200": jsonAnswer("The claim (or null) and whether the place is the viewer's.", MyClaimAnswer),
        ...errorAnswers(401, 404),
      },
    },
    post: {
      tags: ["Claims"],
      security: SESSION,
      summary: "Claim a place",
      description:
        "A station's listing nobody holds is claimed by a six-digit code mailed to the place's own address (15 minutes, one use, five wrong tries), or without an address by an admin's decision; a listing someone holds becomes a dispute for an admin. The viewer's claim still waiting for its code is sent a fresh code instead. Throttled per account, per claim and per address mailed.",
      requestParams: { path: idPath },
      requestBody: jsonBody(claimInput),
      responses: {
        "201": jsonAnswer("The claim.", ClaimViewAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429),
      },
    },
  },
  "/api/items/{id}/claim/verify": {
    post: {
      tags: ["Claims"],
      security: SESSION,
      summary: "Verify a claim with the mailed code",
      description:
        "The right code, in time, once: the claim is verified (the claimant may then pay for the place), unless someone else was verified in between (409, a dispute for an admin). A wrong code's 400 says how many tries are left; 410 when the code expired or was used; every try is counted per account and per address.",
      requestParams: { path: idPath },
      requestBody: jsonBody(claimCodeInput),
      responses: {
        "200": jsonAnswer("The verified claim.", ClaimViewAnswer),
        ...errorAnswers(401, 403, 404, 409, 410, 413, 415, 429),
        "400": jsonAnswer(
          "A code of the wrong shape (the common error), or a wrong code with the tries left.",
          claimCodeRefusedAnswer,
        ),
      },
    },
  },
  "/api/items/admin/claims": {
    get: {
      tags: ["Claims", "Admin"],
      security: SESSION,
      summary: "The claims queue",
      description:
        "For admins: open claims, those waiting for an admin first, oldest first, with the place, the claimant and the owner or holder they dispute.",
      requestParams: { query: z.object({ page: adminPage }) },
      responses: {
        "200": jsonAnswer("A page of claims.", ClaimQueueAnswer),
        ...errorAnswers(400, 401, 403),
      },
    },
  },
  "/api/items/admin/claims/{claimId}": {
    put: {
      tags: ["Claims", "Admin"],
      security: SESSION,
      summary: "Decide on a claim",
      description:
        "Reject any open claim with a reason the claimant is mailed; approve a claim waiting for an admin: on a listing with an owner it moves the listing to the claimant at once, otherwise the claim is verified. Every other open claim on the listing is rejected. Audited.",
      requestParams: { path: z.object({ claimId: z.string().meta({ description: "The claim's id (a UUID)." }) }) },
      requestBody: jsonBody(claimDecisionInput),
      responses: {
        "200": jsonAnswer("Decided: a translated sentence.", messageBody),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
};
