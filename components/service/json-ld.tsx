import { WEEKDAYS } from "@/lib/constants";
import type { ServiceDetail } from "@/lib/server/service-dto";

const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** schema.org AutoRepair for search engines; "<" is escaped so user text cannot close the script. */
export function ServiceJsonLd({ service, url, origin }: { service: ServiceDetail; url: string; origin: string }) {
  const data = {
    "@context": "https://schema.org",
    "@type": "AutoRepair",
    name: service.name,
    url,
    image: service.image ? `${origin}${service.image}` : undefined,
    description: service.description || undefined,
    telephone: service.contactPhone1 || undefined,
    email: service.contactMail,
    address: { "@type": "PostalAddress", streetAddress: service.address, addressCountry: "UA" },
    geo: { "@type": "GeoCoordinates", latitude: service.coordinates.lat, longitude: service.coordinates.lng },
    openingHoursSpecification: WEEKDAYS.filter((day) => !service.timetable[day].closed).map((day) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: SCHEMA_DAYS[WEEKDAYS.indexOf(day)],
      opens: service.timetable[day].opening,
      closes: service.timetable[day].closing === "24:00" ? "23:59" : service.timetable[day].closing,
    })),
    aggregateRating: service.numReviews
      ? { "@type": "AggregateRating", ratingValue: service.rating.avg, reviewCount: service.numReviews, bestRating: 5, worstRating: 1 }
      : undefined,
    sameAs: [service.website, service.facebook, service.instagram].filter(Boolean),
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
