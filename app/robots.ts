import type { MetadataRoute } from "next";

import { GUARDED_PATHS } from "@/features/accounts/guarded-paths";
import { appUrl, localizedPaths } from "@/lib/site";

/** Read per request: APP_URL is the running instance's setting, not the build machine's. */
export const dynamic = "force-dynamic";

/** Pages of one person: the guarded ones and the saved list (kept in the browser). */
const PRIVATE_PATHS = [...GUARDED_PATHS, "/cart"];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      // The longest matching rule wins: images are fetched (the service pages' JSON-LD names
      // them), the rest of the API is not.
      allow: ["/", "/api/uploads/"],
      disallow: ["/api/", ...PRIVATE_PATHS.flatMap((path) => Object.values(localizedPaths(path)))],
    },
    sitemap: `${appUrl()}/sitemap.xml`,
  };
}
