import { bannerSvg } from "@/features/catalog/illustrations/banner";

/** Drawn at build time (features/catalog/illustrations/banner.ts); the path's .svg keeps the locale proxy out of it. */
export const dynamic = "force-static";

export function GET() {
  return new Response(bannerSvg(), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
