import { PAYMENT_METHODS, ROLES } from "@/domain/service/fields";
import type { ServiceCard, ServiceDetail } from "@/features/catalog/server/service-dto";
import { LiveStatusAnswer, NextChangeAnswer, SpecialHoursAnswer, TimetableAnswer } from "@/features/hours/answers";
import type { SpecialHoursView } from "@/features/hours/special-hours-view";
import { OsmLinkAnswer } from "@/features/osm/answers";
import { MatchedJobAnswer, PaidMedianAnswer, PriceListAnswer } from "@/features/prices/answers";
import { ReviewAnswer } from "@/features/reviews/answers";
import type { SameShape } from "@/lib/same-shape";
import { z } from "@/lib/zod";

/**
 * The public shapes of a service (features/catalog/server/service-dto.ts), as the OpenAPI document
 * describes them; the compile-time checks at the end keep them one shape with the TypeScript types.
 */

export const ServiceCardAnswer = z
  .object({
    _id: z.guid(),
    name: z.string(),
    role: z.enum(ROLES),
    image: z.string().nullable().meta({ description: "The first photo's address, null when none." }),
    address: z.string(),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    isOnTheGo: z.boolean(),
    category: z.string(),
    brand: z.string(),
    rating: z
      .object({ avg: z.number(), quality: z.number(), speed: z.number(), price: z.number(), score: z.number() })
      .meta({ description: "Raw averages, and `score`: the smoothed overall rating the rating sorts order by." }),
    numReviews: z.number().int(),
    fullReviews: z
      .number()
      .int()
      .meta({ description: "How many of `numReviews` count fully (the others come from accounts too new)." }),
    openNow: z.boolean(),
    nextChange: NextChangeAnswer.nullable(),
    liveStatus: LiveStatusAnswer.nullable(),
    timeZone: z.string(),
    distanceKm: z
      .number()
      .optional()
      .meta({ description: "Asked near a point: how far it is, in km to a tenth; 0 under 100 m (shown as nearby)." }),
    comesToYou: z.literal(true).optional().meta({
      description:
        "Asked near a point: an on-the-go master whose radius covers it, or, asked for the tow truck (`job=tow_truck` or a keyword naming it), a service whose tow truck's `radiusKm` covers it.",
    }),
    jobPriceUah: z.number().optional().meta({ description: "Asked for a job's price: this service's \"from\" price." }),
    jobRadiusKm: z
      .number()
      .int()
      .optional()
      .meta({ description: "Asked for the tow truck's job: how far this service's line says it comes, in km." }),
    matchedJob: MatchedJobAnswer.optional(),
    contactPhone1: z.string(),
    viber: z.string(),
    contactPhone2: z.string(),
    contactMail: z.string(),
    source: z.enum(["owner", "osm"]),
    claimed: z.boolean().meta({ description: "False for an imported place nobody has claimed yet." }),
    hoursKnown: z.boolean().meta({ description: "False when only `hoursText` says when it is open." }),
    hoursText: z.string(),
    workKinds: z.array(z.string()),
    responseTime: z
      .number()
      .nullable()
      .meta({ description: "Median minutes to a first answer to drivers' requests (30 days); null until known." }),
    responseRate: z.number().nullable().meta({ description: "Share of requests answered (0..1); null until known." }),
  })
  .meta({ id: "ServiceCard", description: "A published service as lists, cards and the map show it." });

export const ServiceDetailAnswer = ServiceCardAnswer.extend({
  images: z.array(z.string()),
  description: z.string(),
  experience: z.number(),
  website: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  telegram: z.string(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  cashOnlyInOutage: z.boolean(),
  timetable: TimetableAnswer,
  specialHours: z.array(SpecialHoursAnswer),
  hoursConfirmedAt: z.iso.datetime(),
  prices: PriceListAnswer.nullable(),
  paidMedians: z.array(PaidMedianAnswer),
  reviews: z.array(ReviewAnswer),
  user: z.guid().nullable().meta({ description: "The owner's id; null for an imported place nobody has claimed." }),
  burstFlagged: z.boolean(),
  osm: OsmLinkAnswer.nullable(),
}).meta({ id: "ServiceDetail", description: "A published service with its photos, hours, prices and reviews." });

export const ServicePageAnswer = z
  .object({
    items: z.array(ServiceCardAnswer),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "ServicePage" });

export const serviceCardAgrees: SameShape<ServiceCard, z.infer<typeof ServiceCardAnswer>> = true;
export const specialHoursViewAgrees: SameShape<SpecialHoursView[], z.infer<typeof SpecialHoursAnswer>[]> = true;
export const serviceDetailAgrees: SameShape<ServiceDetail, z.infer<typeof ServiceDetailAnswer>> = true;
