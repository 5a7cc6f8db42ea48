import { PAYMENT_METHODS, ROLES } from "@/domain/service/fields";
import { CUSTOM_JOB, PRICE_JOBS } from "@/domain/service/jobs";
import type { PaidMedian, PriceList, SpecialHoursView } from "@/features/catalog/server/page-extras";
import type {
  MatchedJob,
  OsmLink,
  ReviewView,
  ServiceCard,
  ServiceDetail,
} from "@/features/catalog/server/service-dto";
import { LiveStatusAnswer, NextChangeAnswer, SpecialHoursAnswer, TimetableAnswer } from "@/features/hours/answers";
import type { SameShape } from "@/lib/same-shape";
import { z } from "@/lib/zod";

/**
 * The public shapes of a service (features/catalog/server/service-dto.ts), as the OpenAPI document
 * describes them; the compile-time checks at the end keep them one shape with the TypeScript types.
 */

export const MatchedJobAnswer = z
  .object({
    job: z.enum([...PRICE_JOBS, CUSTOM_JOB]),
    label: z.string().meta({ description: 'The owner\'s own line\'s name (`job` "custom"), else "".' }),
    fromUah: z.number(),
    radiusKm: z
      .number()
      .int()
      .optional()
      .meta({ description: "On a tow truck's line: how far the service comes, in km." }),
  })
  .meta({ id: "MatchedJob", description: "The cheapest price line a keyword matched." });

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

export const OsmLinkAnswer = z
  .object({ type: z.enum(["node", "way", "relation"]), id: z.string(), url: z.url(), editUrl: z.url() })
  .meta({ id: "OsmLink", description: "The OpenStreetMap object an imported place was made from." });

export const ReviewAnswer = z
  .object({
    _id: z.guid(),
    name: z.string(),
    rating: z.object({ quality: z.number(), speed: z.number(), price: z.number(), avg: z.number() }),
    comment: z.string().meta({ description: '"" while hidden.' }),
    createdAt: z.iso.datetime(),
    verified: z.boolean(),
    reply: z.object({ text: z.string(), at: z.iso.datetime() }).nullable(),
    hidden: z
      .enum(["pending", "spam", "offensive", "notAVisit", "conflict", "other"])
      .nullable()
      .meta({ description: "Why it is hidden; null when shown." }),
    held: z.boolean().meta({ description: "Held out of the averages while a burst of low reviews is checked." }),
  })
  .meta({ id: "Review" });

export const PriceListAnswer = z
  .object({
    lines: z.array(
      z.object({
        job: z.string(),
        label: z.string(),
        fromUah: z.number(),
        radiusKm: z.number().int().optional().meta({
          description: "How far the service comes, in km; only on a job done where the driver is (tow_truck).",
        }),
      }),
    ),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "PriceList", description: 'The owner\'s "from" prices in hryvnias.' });

export const PaidMedianAnswer = z
  .object({ job: z.enum(PRICE_JOBS), medianUah: z.number(), count: z.number().int() })
  .meta({ id: "PaidMedian", description: "The median reviewers paid for a job." });

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

export const matchedJobAgrees: SameShape<MatchedJob, z.infer<typeof MatchedJobAnswer>> = true;
export const serviceCardAgrees: SameShape<ServiceCard, z.infer<typeof ServiceCardAnswer>> = true;
export const osmLinkAgrees: SameShape<OsmLink, z.infer<typeof OsmLinkAnswer>> = true;
export const reviewAgrees: SameShape<ReviewView, z.infer<typeof ReviewAnswer>> = true;
export const priceListAgrees: SameShape<PriceList, z.infer<typeof PriceListAnswer>> = true;
export const paidMedianAgrees: SameShape<PaidMedian, z.infer<typeof PaidMedianAnswer>> = true;
export const specialHoursViewAgrees: SameShape<SpecialHoursView[], z.infer<typeof SpecialHoursAnswer>[]> = true;
export const serviceDetailAgrees: SameShape<ServiceDetail, z.infer<typeof ServiceDetailAnswer>> = true;
