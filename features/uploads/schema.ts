import { MAX_SERVICE_IMAGES } from "@/domain/service/fields";
import { IMAGE_URL_PATTERN } from "@/domain/service/images";
import { z } from "@/lib/zod";

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

/** POST /api/uploads's answer. */
export const uploadedAnswer = z.object({
  image: z.string().meta({ description: "Its path, /api/uploads/{id}, to put in a form's image fields." }),
  id: z.uuid(),
});
