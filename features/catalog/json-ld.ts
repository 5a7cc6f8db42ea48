import { formatMinutes } from "@/domain/service/clock";
import { type PaymentMethod } from "@/domain/service/fields";
import { telegramHref } from "@/domain/service/outside-links";
import { WEEKDAYS } from "@/domain/service/week";
import type { ServiceDetail } from "@/features/catalog/answers";
import { postalAddress } from "@/features/catalog/postal-address";
import { normalizePhone } from "@/lib/phone";

const PAYMENT_NAMES: Record<PaymentMethod, string> = { cash: "Cash", card: "Credit Card", transfer: "Bank Transfer" };
const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** How many reviews go into the structured data: the first ones, newest first as the data layer orders them (the page shows all). */
export const JSON_LD_REVIEWS = 5;

/**
 * schema.org AutoRepair for a service page. No priceRange: the only price data is the reviewers'
 * 1–5 judgement of the price (Poor … Excellent), which says whether it was fair, not how high it
 * is, and priceRange means the latter ("$$", "UAH 200–2000").
 */
export function serviceJsonLd(service: ServiceDetail, url: string, origin: string) {
  const phone = [service.contactPhone1, service.contactPhone2].map(normalizePhone).find(Boolean);
  const counted = service.reviews.filter((review) => !review.hidden && !review.held);
  return {
    "@context": "https://schema.org",
    "@type": "AutoRepair",
    name: service.name,
    url,
    image: service.image ? `${origin}${service.image}` : undefined,
    description: service.description || undefined,
    telephone: phone ?? undefined,
    // An imported place may have no e-mail.
    email: service.contactMail || undefined,
    address: { "@type": "PostalAddress", ...postalAddress(service.address), addressCountry: "UA" },
    geo: { "@type": "GeoCoordinates", latitude: service.coordinates.lat, longitude: service.coordinates.lng },
    // Unknown hours (an imported place's unreadable opening_hours) are not "closed every day".
    openingHoursSpecification: service.hoursKnown
      ? WEEKDAYS.filter((day) => !service.timetable[day].closed).map((day) => ({
          "@type": "OpeningHoursSpecification",
          dayOfWeek: SCHEMA_DAYS[WEEKDAYS.indexOf(day)],
          opens: service.timetable[day].opening,
          closes: service.timetable[day].closing === "24:00" ? "23:59" : service.timetable[day].closing,
        }))
      : undefined,
    paymentAccepted: service.paymentMethods.length
      ? service.paymentMethods.map((method) => PAYMENT_NAMES[method]).join(", ")
      : undefined,
    // Google's convention for a closed date is opens = closes = 00:00.
    specialOpeningHoursSpecification: service.specialHours.length
      ? service.specialHours.map((entry) => ({
          "@type": "OpeningHoursSpecification",
          validFrom: entry.startsOn,
          validThrough: entry.endsOn,
          opens: entry.closed ? "00:00" : formatMinutes(entry.opensAt),
          closes: entry.closed ? "00:00" : entry.closesAt === 1440 ? "23:59" : formatMinutes(entry.closesAt),
        }))
      : undefined,
    aggregateRating: service.numReviews
      ? {
          "@type": "AggregateRating",
          ratingValue: service.rating.avg,
          reviewCount: service.numReviews,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined,
    // Only the reviews the aggregate counts: hidden and held ones would contradict it.
    review: counted.length
      ? counted.slice(0, JSON_LD_REVIEWS).map((review) => ({
          "@type": "Review",
          author: { "@type": "Person", name: review.name },
          datePublished: review.createdAt.slice(0, 10),
          reviewRating: { "@type": "Rating", ratingValue: review.rating.avg, bestRating: 5, worstRating: 1 },
          reviewBody: review.comment || undefined,
        }))
      : undefined,
    sameAs: [
      service.website,
      service.facebook,
      service.instagram,
      service.telegram ? telegramHref(service.telegram) : "",
    ].filter(Boolean),
  };
}
