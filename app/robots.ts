import type { MetadataRoute } from "next";
import { appUrl } from "@/lib/site";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/admin", "/profile", "/cart", "/placeorder", "/addservice", "/mystos", "/ua/admin", "/ua/profile", "/ua/cart"] },
    sitemap: `${appUrl()}/sitemap.xml`,
  };
}
