import { BRANDS, CATEGORIES, PAYMENT_METHODS, ROLES } from "@/domain/service/fields";
import { accountStateAnswer } from "@/features/accounts/answers";
import { LiveStatusAnswer, TimetableAnswer } from "@/features/hours/answers";
import type { deleteOwnService, EditableService } from "@/features/listings/server/listings";
import type { SameShape } from "@/lib/same-shape";
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
    liveStatus: LiveStatusAnswer.nullable(),
    source: z.enum(["owner", "osm"]),
    claimed: z.boolean(),
    hoursKnown: z.boolean(),
    hoursText: z.string(),
    workKinds: z.array(z.string()),
  })
  .meta({ id: "EditableService", description: "A station or master profile as its owner (or an admin) edits it." });

export const editableServiceAgrees: SameShape<EditableService, z.infer<typeof EditableServiceAnswer>> = true;
/** DELETE /api/items/users/{id} answers what the client keeps after sign-in (the accounts feature's schema). */
export const serviceDeletedAgrees: SameShape<
  Awaited<ReturnType<typeof deleteOwnService>>,
  z.infer<typeof accountStateAnswer>
> = true;
