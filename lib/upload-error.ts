/**
 * The message key for a failed POST /api/uploads, from the answer's status and body: too large
 * (413, also from a proxy that answers without our JSON), not an image, the throttle or the
 * session, and otherwise "could not be uploaded", never a guess that the file was the wrong type.
 */
export type UploadFailureKey = "Validation.image" | "Validation.imageType" | "Auth.tooManyRequests" | "Auth.signInRequired" | "Validation.imageUploadFailed";

type Answer = { key?: unknown; errors?: { image?: { key?: unknown } } } | null | undefined;

export function uploadFailureKey(status: number, body: Answer): UploadFailureKey {
  const key = body?.errors?.image?.key ?? body?.key;
  if (status === 413 || key === "Validation.image") return "Validation.image";
  if (key === "Validation.imageType") return "Validation.imageType";
  if (status === 429) return "Auth.tooManyRequests";
  if (status === 401) return "Auth.signInRequired";
  return "Validation.imageUploadFailed";
}
