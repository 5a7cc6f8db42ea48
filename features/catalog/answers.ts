import { PAYMENT_METHODS, ROLES } from "@/domain/service/fields";
import { TimetableAnswer } from "@/domain/service/timetable-answer";
import { LiveStatusAnswer, NextChangeAnswer, SpecialHoursAnswer } from "@/features/hours/answers";
import { OsmLinkAnswer } from "@/features/osm/answers";
import { MatchedJobAnswer, PaidMedianAnswer, PriceListAnswer } from "@/features/prices/answers";
import { ReviewAnswer } from "@/features/reviews/answers";
import { z } from "@/lib/zod";

/**
 * The public shapes of a service (built by features/catalog/server/service-dto.ts), as the OpenAPI
 * document describes them; their TypeScript types (ServiceCard, ServiceDetail) come from them.
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
    /** `score` comes from features/reviews/server/rating-sql.ts. */
    rating: z
      .object({ avg: z.number(), quality: z.number(), speed: z.number(), price: z.number(), score: z.number() })
      .meta({ description: "Raw averages, and `score`: the smoothed overall rating the rating sorts order by." }),
    numReviews: z.number().int(),
    /**
     * The others come from accounts too new to carry full weight yet (features/reviews/weight.ts),
     * and the averages count them less.
     */
    fullReviews: z
      .number()
      .int()
      .meta({ description: "How many of `numReviews` count fully (the others come from accounts too new)." }),
    openNow: z.boolean(),
    /** The next opening or closing (null when the hours never change); times read in `timeZone`. */
    nextChange: NextChangeAnswer.nullable(),
    /** The owner's live word while it lasts (features/hours/live-status.ts); it decides `openNow` meanwhile. */
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
    /** In hryvnias. */
    jobPriceUah: z.number().optional().meta({ description: "Asked for a job's price: this service's \"from\" price." }),
    jobRadiusKm: z
      .number()
      .int()
      .optional()
      .meta({ description: "Asked for the tow truck's job: how far this service's line says it comes, in km." }),
    /** Found by a keyword that names a job: its cheapest matching price line ("Tyre change R16 from 500 ₴"). */
    matchedJob: MatchedJobAnswer.optional(),
    /** The first phone, for the card's call button ("" when none). */
    contactPhone1: z.string(),
    /** A Viber number (+380…) for the card's message button ("" when none). */
    viber: z.string(),
    /** The rest of the contacts a Saved entry shows. */
    contactPhone2: z.string(),
    contactMail: z.string(),
    /** Published by its owner, or imported from OpenStreetMap (features/osm). */
    source: z.enum(["owner", "osm"]),
    /** An unclaimed place has no owner and is labelled "From OpenStreetMap". */
    claimed: z.boolean().meta({ description: "False for an imported place nobody has claimed yet." }),
    /**
     * False when the hours are not known well enough to say "open" (an OpenStreetMap opening_hours
     * the weekly timetable cannot hold): never open now, and `hoursText` is shown instead.
     */
    hoursKnown: z.boolean().meta({ description: "False when only `hoursText` says when it is open." }),
    /** The original opening_hours text of an imported place ("" when none). */
    hoursText: z.string(),
    /** Kinds of work the place is known for (features/catalog/work-kinds.ts), e.g. ["tyres"]. */
    workKinds: z.array(z.string()),
    /**
     * How it answers drivers' requests for a price over the last 30 days (features/requests/response-time.ts):
     * the median minutes to a first answer, and the share answered (0..1, in hundredths). Null until
     * enough requests came (or none was answered, for the time).
     */
    responseTime: z
      .number()
      .nullable()
      .meta({ description: "Median minutes to a first answer to drivers' requests (30 days); null until known." }),
    responseRate: z.number().nullable().meta({ description: "Share of requests answered (0..1); null until known." }),
  })
  .meta({ id: "ServiceCard", description: "A published service as lists, cards and the map show it." });

export const ServiceDetailAnswer = ServiceCardAnswer.extend({
  /** Every photo in the owner's order; `image` is the first. */
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
  /** Dated exceptions from yesterday on (holidays, other hours, closures), in date order. */
  specialHours: z.array(SpecialHoursAnswer),
  /** When the owner last confirmed the hours (features/hours/server/hours-freshness.ts). */
  hoursConfirmedAt: z.iso.datetime(),
  /**
   * The owner's "from" prices (null: no list) and the median reviewers paid per job
   * (features/prices/server/prices.ts).
   */
  prices: PriceListAnswer.nullable(),
  paidMedians: z.array(PaidMedianAnswer),
  reviews: z.array(ReviewAnswer),
  user: z.guid().nullable().meta({ description: "The owner's id; null for an imported place nobody has claimed." }),
  /** A burst of low reviews from new accounts is being checked (features/reviews/server/burst.ts). */
  burstFlagged: z.boolean(),
  /** The OpenStreetMap object it was imported from; null for an owner's own listing. */
  osm: OsmLinkAnswer.nullable(),
}).meta({ id: "ServiceDetail", description: "A published service with its photos, hours, prices and reviews." });

export const ServicePageAnswer = z
  .object({
    items: z.array(ServiceCardAnswer),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "ServicePage" });

/** The public shape of a service, as spec §3 names its fields (`_id`, `rating.avg`…). */
export type ServiceCard = z.infer<typeof ServiceCardAnswer>;
export type ServiceDetail = z.infer<typeof ServiceDetailAnswer>;
