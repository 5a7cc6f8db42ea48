import { IMAGE_MAX_BYTES } from "@/lib/constants";
import { uploadFailureKey, type UploadFailureKey } from "@/lib/upload-error";

export type UploadResult = { ok: true; url: string } | { ok: false; key: UploadFailureKey };

/**
 * Spec 5: image files only, under 1048576 bytes (checked here first, to spare the upload), then
 * POST /api/uploads; a failure is a message key for what really went wrong.
 */
export async function uploadImage(file: File): Promise<UploadResult> {
  if (!file.type.startsWith("image/")) return { ok: false, key: "Validation.imageType" };
  if (file.size >= IMAGE_MAX_BYTES) return { ok: false, key: "Validation.image" };
  const body = new FormData();
  body.append("image", file);
  let response: Response;
  try {
    response = await fetch("/api/uploads", { method: "POST", body });
  } catch {
    return { ok: false, key: "Validation.imageUploadFailed" };
  }
  const data = (await response.json().catch(() => null)) as ({ image?: string } & Parameters<typeof uploadFailureKey>[1]) | null;
  if (response.ok && data?.image) return { ok: true, url: data.image };
  return { ok: false, key: uploadFailureKey(response.status, data) };
}
