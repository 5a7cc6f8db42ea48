import type { NextRequest } from "next/server";
import { IMAGE_MAX_BYTES } from "@/lib/constants";
import { BadRequestError } from "@/lib/server/errors";
import { requireAccess } from "@/lib/server/guards";
import { handle, json, readCapped } from "@/lib/server/http";
import { saveImage } from "@/lib/server/images";
import { getViewer } from "@/lib/server/session";

/** Room for the multipart envelope around a file just under the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    // Who it is comes first: a visitor's body is never read at all.
    const viewer = await getViewer();
    requireAccess(viewer, "signedIn");
    const type = request.headers.get("content-type") ?? "";
    if (!type.startsWith("multipart/form-data")) throw new BadRequestError({ image: "Validation.multipart" });
    const bytes = await readCapped(request, IMAGE_MAX_BYTES + MULTIPART_OVERHEAD, "Validation.image");
    const form = await new Response(bytes, { headers: { "content-type": type } }).formData().catch(() => {
      throw new BadRequestError({ image: "Validation.multipart" });
    });
    return json(await saveImage(viewer, form.get("image")), { status: 201 });
  }, { accept: "multipart" });
}
