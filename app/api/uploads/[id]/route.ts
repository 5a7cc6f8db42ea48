import type { NextRequest } from "next/server";

import { parseVariant } from "@/features/uploads/image-sizes";
import { getImage } from "@/features/uploads/server/images";
import { handle } from "@/lib/http/answers";
import { UPLOAD_CSP } from "@/lib/security/csp";

/**
 * Images are immutable (a new upload gets a new id), so browsers and CDNs may keep them forever.
 * ?w=160|480|1200&f=webp|jpeg picks a stored copy (features/uploads/image-sizes.ts).
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handle(request, async () => {
    const image = await getImage(
      (await params).id,
      parseVariant(request.nextUrl.searchParams.get("w"), request.nextUrl.searchParams.get("f")),
    );
    return new Response(Buffer.from(image.bytes), {
      headers: {
        "Content-Type": image.contentType,
        "Content-Length": String(image.size),
        "Cache-Control": "public, max-age=31536000, immutable",
        ETag: `"${image.sha256}"`,
        "X-Content-Type-Options": "nosniff",
        // Next 16.4.6 sends this only where next.config.ts sets no policy of its own: it sets the
        // same one for this path, since a header set there wins over a route handler's
        // (tests/e2e/security.spec.ts checks that uploads keep their sandbox).
        "Content-Security-Policy": UPLOAD_CSP,
      },
    });
  });
}
