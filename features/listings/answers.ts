import { BRANDS, CATEGORIES, PAYMENT_METHODS, ROLES } from "@/domain/service/fields";
import { TimetableAnswer } from "@/domain/service/timetable-answer";
import { LiveStatusAnswer } from "@/features/hours/answers";
import { z } from "@/lib/zod";

/** A service as its owner (or an admin) edits it (features/listings/server/listings.ts), as the OpenAPI document describes it. */
export const EditableServiceAnswer = z
  .object({
    _id: z.guid(),
    user: z.guid().nullable().meta({ description: "The owner's id; null for an imported place nobody has claimed." }),
    role: z.enum(ROLES),
    name: z.string(),
    image: z.string().nullable(),
    images: z.array(z.string()),
    description: z.string(),
    category: z.enum(CATEGORIES).exclude(["trailers"]).meta({ description: '"trailers" is stored as "trucks".' }),
    brand: z.enum(BRANDS),
    experience: z.number(),
    isOnTheGo: z.boolean(),
    serviceRadiusKm: z.number().int().nullable(),
    contactPhone1: z.string(),
    contactPhone2: z.string(),
    contactMail: z.string(),
    website: z.string(),
    facebook: z.string(),
    instagram: z.string(),
    viber: z.string(),
    telegram: z.string(),
    paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
    cashOnlyInOutage: z.boolean(),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
    address: z.string(),
    timetable: TimetableAnswer,
    ispaid: z.boolean().meta({ description: "A station is listed once paid for; a master at once." }),
    isBlocked: z.boolean(),
    timeZone: z.string(),
    /** The owner's live word while it lasts (features/hours/live-status.ts). */
    liveStatus: LiveStatusAnswer.nullable(),
    /** As the public answers say (features/catalog/answers.ts ServiceCard). */
    source: z.enum(["owner", "osm"]),
    claimed: z.boolean(),
    hoursKnown: z.boolean(),
    hoursText: z.string(),
    workKinds: z.array(z.string()),
  })
  .meta({ id: "EditableService", description: "A station or master profile as its owner (or an admin) edits it." });

export type EditableService = z.infer<typeof EditableServiceAnswer>;

/** GET /api/geocode/reverse: the address under a pin of the listing form (features/listings/server/geocode.ts). */
export const reverseGeocodeAnswer = z
  .object({
    address: z.string().meta({ description: "In the caller's language; the coordinates themselves as a fallback." }),
    lat: z.number(),
    lng: z.number(),
    source: z.enum(["nominatim", "cache", "coordinates"]),
  })
  .meta({ id: "ReverseGeocode" });

export type ReverseGeocode = z.infer<typeof reverseGeocodeAnswer>;
