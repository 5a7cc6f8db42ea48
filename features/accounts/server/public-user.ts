import "server-only";

import { imageUrl } from "@/domain/service/images";
import type { publicUserAnswer } from "@/features/accounts/answers";
import type { z } from "@/lib/zod";

/** The spec's User (section 3): its shape is the schema the API's document describes. */
export type PublicUser = z.infer<typeof publicUserAnswer>;

export function toPublicUser(user: {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isBlocked: boolean;
  imageId: string | null;
}): PublicUser {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    isBlocked: user.isBlocked,
    image: imageUrl(user.imageId),
  };
}
