/**
 * The message key for a failed POST /api/uploads, from the answer's status and body: too large
 * (413, also from a proxy that answers without our JSON), not an image, the throttle or the
 * session, and otherwise "could not be uploaded", never a guess that the file was the wrong type.
 */
export type UploadFailureKey =
  | "Validation.image"
  | "Validation.imageType"
  | "Auth.tooManyRequests"
  | "Auth.signInRequired"
  | "Validation.imageUploadFailed";

type Reason = { key?: unknown; message?: unknown };
type Answer = (Reason & { errors?: { image?: Reason } }) | null | undefined;

export function uploadFailureKey(status: number, body: Answer): UploadFailureKey {
  const key = body?.errors?.image?.key ?? body?.key;
  if (status === 413 || key === "Validation.image") return "Validation.image";
  if (key === "Validation.imageType") return "Validation.imageType";
  if (status === 429) return "Auth.tooManyRequests";
  if (status === 401) return "Auth.signInRequired";
  return "Validation.imageUploadFailed";
}

/**
 * Spec: an upload failure shows the server's message. Our API says why in the page's language (a
 * damaged file, the type, the size, the throttle, an outage), so its text is shown as it came;
 * only its generic "something went wrong" gives way to the upload's own "could not be uploaded",
 * and an answer without our JSON (a proxy's page) leaves the key of uploadFailureKey() to speak.
 */
export function uploadServerMessage(body: Answer): string | null {
  const reason = body?.errors?.image ?? body;
  const message = reason?.message;
  if (typeof message !== "string" || !message.trim() || reason?.key === "Api.error") return null;
  return message;
}
