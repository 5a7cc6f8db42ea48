import type { NextRequest } from "next/server";
import { parseVariant } from "@/lib/image-sizes";
import { handle } from "@/lib/server/http";
import { getImage } from "@/lib/server/images";

/**
 * Images are immutable (a new upload gets a new id), so browsers and CDNs may keep them forever.
 * ?w=160|480|1200&f=webp|jpeg picks a stored copy (lib/image-sizes.ts).
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const image = await getImage((await params).id, parseVariant(request.nextUrl.searchParams.get("w"), request.nextUrl.searchParams.get("f")));
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
