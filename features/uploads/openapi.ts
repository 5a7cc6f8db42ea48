import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { IMAGE_WIDTHS } from "./image-sizes";
import { uploadedAnswer } from "./schema";

/** Uploading an image (a service's photo, a profile picture) and reading it back. */

const tags = ["Uploads"];

export const paths: ZodOpenApiPathsObject = {
  "/api/uploads": {
    post: {
      tags,
      security: SESSION,
      summary: "Upload an image",
      description:
        "The type is read from the bytes (JPEG, PNG, WebP, GIF, AVIF); under 1 MiB; stored re-encoded without metadata.",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ image: z.string().meta({ format: "binary", description: "The image file." }) }),
          },
        },
      },
      responses: {
        "201": jsonAnswer("Stored.", uploadedAnswer),
        ...errorAnswers(400, 401, 403, 413, 415, 429),
      },
    },
  },
  "/api/uploads/{id}": {
    get: {
      tags,
      summary: "An uploaded image (immutable: kept by browsers and CDNs for a year)",
      requestParams: {
        path: z.object({ id: z.string().meta({ description: "The upload's id." }) }),
        query: z.object({
          w: z
            .enum(IMAGE_WIDTHS.map(String) as [string, ...string[]])
            .optional()
            .meta({ description: "A stored smaller copy's width (with f)." }),
          f: z.enum(["webp", "jpeg"]).optional().meta({ description: "The stored copy's format (with w)." }),
        }),
      },
      responses: {
        "200": {
          description: "The image's bytes, with its ETag.",
          content: { "image/*": { schema: z.string().meta({ format: "binary" }) } },
        },
        ...errorAnswers(404),
      },
    },
  },
};
