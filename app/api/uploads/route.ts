import type { NextRequest } from "next/server";
import { IMAGE_MAX_BYTES } from "@/lib/constants";
import { AppError, BadRequestError } from "@/lib/server/errors";
import { handle, json } from "@/lib/server/http";
import { saveImage } from "@/lib/server/images";
import { getViewer } from "@/lib/server/session";

/** Room for the multipart envelope around a file just under the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

export async function POST(request: NextRequest) {
  return handle(request, async () => {
    if (Number(request.headers.get("content-length") ?? 0) > IMAGE_MAX_BYTES + MULTIPART_OVERHEAD) throw new AppError(413, "Validation.image");
    if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) throw new BadRequestError({ image: "Validation.multipart" });
    const form = await request.formData().catch(() => {
      throw new BadRequestError({ image: "Validation.multipart" });
    });
    return json(await saveImage(await getViewer(), form.get("image")), { status: 201 });
  }, { accept: "multipart" });
}
