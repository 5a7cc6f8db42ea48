import "server-only";

import type { NextRequest } from "next/server";

import { imageUrl } from "@/domain/service/images";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { VariantFormat } from "@/features/uploads/image-sizes";
import { sniffImageType } from "@/features/uploads/image-type";
import { IMAGE_MAX_BYTES } from "@/features/uploads/limits";
import type { uploadedAnswer } from "@/features/uploads/schema";
import { processImage, storedImage, UnreadableImageError } from "@/features/uploads/server/image-pipeline";
import { getPrisma } from "@/lib/db/server";
import { readCapped } from "@/lib/http/answers";
import { AppError, BadRequestError, isUuid, NotFoundError } from "@/lib/http/errors";
import { take } from "@/lib/security/rate-limit";
import type { z } from "@/lib/zod";

export type StoredImage = { bytes: Uint8Array; contentType: string; size: number; sha256: string };

/** The image, or its copy at a stored width and format; an image stored before copies existed answers with itself. */
export async function getImage(
  id: string,
  variant: { width: number; format: VariantFormat } | null = null,
): Promise<StoredImage> {
  if (!isUuid(id)) throw new NotFoundError();
  const prisma = await getPrisma();
  if (variant) {
    const copy = await prisma.imageVariant.findUnique({
      where: { imageId_width_format: { imageId: id, ...variant } },
      select: { bytes: true, size: true, image: { select: { sha256: true } } },
    });
    if (copy)
      return {
        bytes: copy.bytes,
        size: copy.size,
        contentType: `image/${variant.format}`,
        sha256: `${copy.image.sha256}-${variant.width}${variant.format}`,
      };
  }
  const image = await prisma.image.findUnique({
    where: { id },
    select: { bytes: true, contentType: true, size: true, sha256: true },
  });
  if (!image) throw new NotFoundError();
  return image;
}

/** Room for the multipart envelope around a file just under the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * POST /api/uploads: an image the viewer uploads for a service or profile, as the form field
 * "image". Who it is comes first: a visitor's body is never read at all. The type is read from
 * the bytes, so an SVG or HTML file named "photo.png" is refused; ≥ 1 MiB is refused (spec §9);
 * what is stored is re-encoded without metadata (features/uploads/server/image-pipeline.ts).
 */
export async function saveImage(viewer: Viewer | null, request: NextRequest): Promise<z.infer<typeof uploadedAnswer>> {
  requireAccess(viewer, "signedIn");
  const file = (await readForm(request)).get("image");
  if (!(file instanceof Blob) || file.size === 0) throw new BadRequestError({ image: "Validation.imageMissing" });
  if (file.size >= IMAGE_MAX_BYTES) throw new AppError(413, "Validation.image");
  await take("upload", viewer.id);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) throw new BadRequestError({ image: "Validation.imageType" });
  const processed = await processImage(bytes).catch((error: unknown) => {
    throw error instanceof UnreadableImageError ? new BadRequestError({ image: "Validation.imageUnreadable" }) : error;
  });
  const prisma = await getPrisma();
  const image = await prisma.image.create({ data: storedImage(processed, viewer.id), select: { id: true } });
  return { image: imageUrl(image.id), id: image.id };
}

async function readForm(request: NextRequest): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new BadRequestError({ image: "Validation.multipart" });
  const bytes = await readCapped(request, IMAGE_MAX_BYTES + MULTIPART_OVERHEAD, "Validation.image");
  return new Response(bytes, { headers: { "content-type": type } }).formData().catch(() => {
    throw new BadRequestError({ image: "Validation.multipart" });
  });
}
