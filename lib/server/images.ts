import "server-only";
import { createHash } from "node:crypto";
import { IMAGE_MAX_BYTES } from "@/lib/constants";
import { sniffImageType } from "@/lib/image-type";
import { getPrisma } from "./db";
import { AppError, BadRequestError, isUuid, NotFoundError } from "./errors";
import { requireAccess } from "./guards";
import { take } from "./rate-limit";
import type { Viewer } from "./session";

export type StoredImage = { bytes: Uint8Array; contentType: string; size: number; sha256: string };

export async function getImage(id: string): Promise<StoredImage> {
  if (!isUuid(id)) throw new NotFoundError();
  const prisma = await getPrisma();
  const image = await prisma.image.findUnique({ where: { id }, select: { bytes: true, contentType: true, size: true, sha256: true } });
  if (!image) throw new NotFoundError();
  return image;
}

/**
 * POST /api/uploads: an image the viewer uploads for a service or profile. The type is read from
 * the bytes, so an SVG or HTML file named "photo.png" is refused; ≥ 1 MiB is refused (spec 9).
 */
export async function saveImage(viewer: Viewer | null, file: unknown): Promise<{ image: string; id: string }> {
  requireAccess(viewer, "signedIn");
  if (!(file instanceof Blob) || file.size === 0) throw new BadRequestError({ image: "Validation.imageMissing" });
  if (file.size >= IMAGE_MAX_BYTES) throw new AppError(413, "Validation.image");
  await take("upload", viewer.id);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new BadRequestError({ image: "Validation.imageType" });
  const prisma = await getPrisma();
  const image = await prisma.image.create({
    data: { bytes, contentType, size: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex"), ownerId: viewer.id },
    select: { id: true },
  });
  return { image: `/api/uploads/${image.id}`, id: image.id };
}
