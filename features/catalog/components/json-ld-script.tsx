import type { ServiceDetail } from "@/features/catalog/answers";
import { serviceJsonLd } from "@/features/catalog/json-ld";

/** schema.org AutoRepair for search engines; "<" is escaped so user text cannot close the script. */
export function ServiceJsonLd({ service, url, origin }: { service: ServiceDetail; url: string; origin: string }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(serviceJsonLd(service, url, origin)).replace(/</g, "\\u003c") }}
    />
  );
}
