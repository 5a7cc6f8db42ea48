import { z } from "@/lib/zod";

/** Where uploads are served: imageUrl() names them under it. */
export const UPLOADS_PATH = "/api/uploads/";

/** One of our uploads as the API names it; nothing else is linked as an image. */
// The id's own shape, not 36 of [0-9a-f-]: anything else reached the database's uuid cast and failed there.
export const IMAGE_URL_PATTERN = new RegExp(
  `^${UPLOADS_PATH}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
  "i",
);

/** The address of a stored image, as the API and the pages give it. */
export function imageUrl(imageId: string): string;
export function imageUrl(imageId: string | null): string | null;
export function imageUrl(imageId: string | null): string | null {
  return imageId ? `${UPLOADS_PATH}${imageId}` : null;
}

/** The image id in one of our upload URLs (already checked against IMAGE_URL_PATTERN). */
export function imageIdOf(url: string): string {
  return url.slice(UPLOADS_PATH.length).toLowerCase();
}

/** A profile picture: one of our uploads, or "" / null to remove it. */
export const profileImage = z
  .string({ error: "Validation.imageForeign" })
  .refine((value) => value === "" || IMAGE_URL_PATTERN.test(value), { error: "Validation.imageForeign" })
  .nullable();
