import "server-only";

import { imageIdOf } from "@/domain/service/images";
import type { Viewer } from "@/features/accounts/server/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import { BadRequestError } from "@/lib/http/errors";

type Tx = Prisma.TransactionClient;

/**
 * A service's photos: rows of service_images in the owner's order, the first also kept as the
 * cover in services.imageId (lists read it without a join). Both are written here only, in the
 * caller's transaction, so they never disagree.
 */

/** Row selection for reading the photos in order. */
export const orderedImages = { select: { imageId: true }, orderBy: { position: "asc" } } as const;

/**
 * Each photo must already be on this service, or be the viewer's own upload (an admin may use
 * any): nobody can show a stranger's upload by knowing its address. Field `field` gets the 400.
 */
export async function checkImages(
  tx: Tx,
  viewer: Viewer,
  ids: string[],
  current: string[],
  field: "images" | "image",
): Promise<void> {
  const fresh = ids.filter((id) => !current.includes(id));
  if (!fresh.length) return;
  const found = await tx.image.count({
    where: viewer.isAdmin ? { id: { in: fresh } } : { id: { in: fresh }, ownerId: viewer.id },
  });
  if (found !== fresh.length) throw new BadRequestError({ [field]: "Validation.imageForeign" });
}

/** Replaces the photos with `ids` in this order; the first becomes the cover (none: no cover). */
export async function writeImages(tx: Tx, serviceId: string, ids: string[]): Promise<void> {
  await tx.serviceImage.deleteMany({ where: { serviceId } });
  if (ids.length)
    await tx.serviceImage.createMany({ data: ids.map((imageId, position) => ({ serviceId, imageId, position })) });
  await tx.service.update({ where: { id: serviceId }, data: { imageId: ids[0] ?? null } });
}

/**
 * The photos a change asks for, as image ids: `images` when sent; else `image` alone, as older
 * clients send it, replaces the cover (or removes it, the next photo becoming the cover); else
 * null, nothing to change.
 */
export function requestedImages(
  current: string[],
  change: { image?: string | null; images?: string[] },
): { ids: string[]; field: "images" | "image" } | null {
  if (change.images !== undefined) return { ids: change.images.map(imageIdOf), field: "images" };
  if (change.image === undefined) return null;
  const rest = current.slice(1);
  if (!change.image) return { ids: rest, field: "image" };
  const cover = imageIdOf(change.image);
  return { ids: [cover, ...rest.filter((id) => id !== cover)], field: "image" };
}
