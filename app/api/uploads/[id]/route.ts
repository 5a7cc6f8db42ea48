import type { NextRequest } from "next/server";
import { handle } from "@/lib/server/http";
import { getImage } from "@/lib/server/images";

/** Images are immutable (a new upload gets a new id), so browsers and CDNs may keep them forever. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const image = await getImage((await params).id);
    return new Response(Buffer.from(image.bytes), {
      headers: {
        "Content-Type": image.contentType,
        "Content-Length": String(image.size),
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: `"${image.sha256}"`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  });
}
