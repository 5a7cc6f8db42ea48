import { createHash } from "node:crypto";
import sharp from "sharp";

import { IMAGE_WIDTHS, type VariantFormat } from "@/features/uploads/image-sizes";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Every upload is decoded and written anew: turned the way the camera's EXIF says, stripped of
 * all metadata (an owner's phone puts GPS coordinates in it), at most MAX_SIDE px, as JPEG; plus
 * WebP and JPEG copies at IMAGE_WIDTHS narrower than the image. A decompression bomb is refused by
 * its pixel count before it is decoded. Not server-only: the demo seed (a plain script) stores its
 * pictures through the same steps.
 */
const MAX_SIDE = 1600;
const MAX_INPUT_PIXELS = 40_000_000;
const QUALITY = { jpeg: 82, webp: 78 } as const;

export type Processed = {
  base: { bytes: Uint8Array<ArrayBuffer>; contentType: "image/jpeg"; width: number; height: number };
  variants: { width: number; format: VariantFormat; bytes: Uint8Array<ArrayBuffer> }[];
};

/** sharp could not decode the bytes as an image. */
export class UnreadableImageError extends Error {}

export async function processImage(input: Uint8Array): Promise<Processed> {
  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  let base;
  try {
    base = await source()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      // Transparent parts of a PNG would turn black in JPEG.
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: QUALITY.jpeg, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    // Its first bytes said image (features/uploads/image-type.ts), so it is a damaged or cut-off one, not a wrong type.
    throw new UnreadableImageError("unreadable image", { cause });
  }
  const variants: Processed["variants"] = [];
  for (const width of IMAGE_WIDTHS.filter((candidate) => candidate < base.info.width)) {
    const resized = sharp(base.data).resize({ width });
    variants.push({
      width,
      format: "webp",
      bytes: new Uint8Array(await resized.clone().webp({ quality: QUALITY.webp }).toBuffer()),
    });
    variants.push({
      width,
      format: "jpeg",
      bytes: new Uint8Array(await resized.clone().jpeg({ quality: QUALITY.jpeg, mozjpeg: true }).toBuffer()),
    });
  }
  return {
    base: {
      bytes: new Uint8Array(base.data),
      contentType: "image/jpeg",
      width: base.info.width,
      height: base.info.height,
    },
    variants,
  };
}

/** The images row, with its copies, for what processImage() made; `ownerId` null for the demo pictures. */
export function storedImage(processed: Processed, ownerId: string | null): Prisma.ImageUncheckedCreateInput {
  const { base, variants } = processed;
  return {
    bytes: base.bytes,
    contentType: base.contentType,
    size: base.bytes.byteLength,
    width: base.width,
    height: base.height,
    sha256: createHash("sha256").update(base.bytes).digest("hex"),
    ownerId,
    variants: {
      create: variants.map((variant) => ({
        width: variant.width,
        format: variant.format,
        bytes: variant.bytes,
        size: variant.bytes.byteLength,
      })),
    },
  };
}
