import { MAX_SERVICE_IMAGES } from "@/domain/service/fields";
import { z } from "@/lib/zod";

/** Where uploads are served; imageUrl() in features/catalog/server/service-dto.ts names them under it. */
export const UPLOADS_PATH = "/api/uploads/";

/** One of our uploads as the API names it; nothing else is linked as an image. */
export const IMAGE_URL_PATTERN = new RegExp(`^${UPLOADS_PATH}[0-9a-f-]{36}$`, "i");

/**
 * A service's photos in order, the first being the cover. Each must be one of our uploads (the
 * data layer checks whose). Every problem is reported on the list, where the form shows it.
 */
export const imageList = z
  .array(z.string({ error: "Validation.imageForeign" }), { error: "Validation.imageForeign" })
  .max(MAX_SERVICE_IMAGES, { error: "Validation.imagesMax" })
  .superRefine((urls, context) => {
    if (!urls.every((url) => IMAGE_URL_PATTERN.test(url)))
      context.addIssue({ code: "custom", message: "Validation.imageForeign" });
    else if (new Set(urls.map((url) => url.toLowerCase())).size !== urls.length)
      context.addIssue({ code: "custom", message: "Validation.imagesDuplicate" });
  });

/** A profile picture: one of our uploads, or "" / null to remove it. */
export const profileImage = z
  .string({ error: "Validation.imageForeign" })
  .refine((value) => value === "" || IMAGE_URL_PATTERN.test(value), { error: "Validation.imageForeign" })
  .nullable();

/** POST /api/uploads's answer. */
export const uploadedAnswer = z.object({
  image: z.string().meta({ description: "Its path, /api/uploads/{id}, to put in a form's image fields." }),
  id: z.uuid(),
});
