import "server-only";
import { getPrisma } from "./db";
import { isUuid, NotFoundError } from "./errors";

export type StoredImage = { bytes: Uint8Array; contentType: string; size: number; sha256: string };

export async function getImage(id: string): Promise<StoredImage> {
  if (!isUuid(id)) throw new NotFoundError();
  const prisma = await getPrisma();
  const image = await prisma.image.findUnique({ where: { id }, select: { bytes: true, contentType: true, size: true, sha256: true } });
  if (!image) throw new NotFoundError();
  return image;
}
