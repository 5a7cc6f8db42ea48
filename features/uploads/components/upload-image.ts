import { IMAGE_MAX_BYTES } from "@/features/uploads/limits";
import { uploadFailureKey, uploadServerMessage, type UploadFailureKey } from "@/features/uploads/upload-error";

/** A failure: `message` is the server's own text when it gave one (shown first), `key` ours. */
export type UploadResult = { ok: true; url: string } | { ok: false; key: UploadFailureKey; message: string | null };

/**
 * Spec §5: image files only, under 1048576 bytes (checked here first, to spare the upload), then
 * POST /api/uploads, its answer in the page's language (`locale`); a failure says what really
 * went wrong.
 */
export async function uploadImage(file: File, locale: string): Promise<UploadResult> {
  if (!file.type.startsWith("image/")) return { ok: false, key: "Validation.imageType", message: null };
  if (file.size >= IMAGE_MAX_BYTES) return { ok: false, key: "Validation.image", message: null };
  const body = new FormData();
  body.append("image", file);
  let response: Response;
  try {
    response = await fetch(`/api/uploads?lng=${encodeURIComponent(locale)}`, { method: "POST", body });
  } catch {
    return { ok: false, key: "Validation.imageUploadFailed", message: null };
  }
  const data = (await response.json().catch(() => null)) as
    ({ image?: string } & Parameters<typeof uploadFailureKey>[1]) | null;
  if (response.ok && data?.image) return { ok: true, url: data.image };
  return { ok: false, key: uploadFailureKey(response.status, data), message: uploadServerMessage(data) };
}
