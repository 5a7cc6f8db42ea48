import {
  ACCEPTED_BRANDS,
  CATEGORIES,
  currentBrand,
  EXPERIENCE_OPTIONS,
  PAYMENT_METHODS,
  SERVICE_DEFAULTS,
  SERVICE_RADIUS_MAX_KM,
  storedCategory,
  type Brand,
} from "@/domain/service/fields";
import { IMAGE_URL_PATTERN } from "@/domain/service/images";
import { telegramUsername } from "@/domain/service/outside-links";
import type { Timetable } from "@/domain/service/timetable-answer";
import { WEEKDAYS } from "@/domain/service/week";
import { EMAIL_PATTERN, NAME_PATTERN } from "@/features/accounts/rules";
import { imageList } from "@/features/uploads/schema";
import { normalizePhone, PHONE_INPUT_MAX } from "@/lib/phone";
import { z } from "@/lib/zod";

/**
 * The station / master form of spec §5, shared by the form (client) and the data layer.
 * Keys are declared in the spec's checking order (name, phones, contact mail, location, website,
 * facebook, instagram), so the first error reported is the one the spec names first.
 */
const WEBSITE_PATTERN = /^(ftp|http|https):\/\/[^\s"<>]+\.[^\s"<>]+$/i;
const FACEBOOK_PATTERN = /^(https?:\/\/)?(www\.|m\.|web\.)?(facebook|fb)\.com\/[\w.\-/?=&%]+$/i;
const INSTAGRAM_PATTERN = /^(https?:\/\/)?(www\.)?instagram\.com\/[\w.]+\/?$/i;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const DESCRIPTION_MAX = 500;
export { SERVICE_RADIUS_MAX_KM };

const optional = (pattern: RegExp, key: string, max: number) =>
  z
    .string({ error: key })
    .trim()
    .max(max, { error: key })
    .refine((value) => value === "" || pattern.test(value), { error: key })
    .default("");

/**
 * Optional; any way of writing a Ukrainian number is accepted and stored as +380XXXXXXXXX
 * (lib/phone.ts). Also the phone a driver gives on a request for a price (features/requests).
 */
export const phone = z
  .string({ error: "Validation.phone" })
  .trim()
  .max(PHONE_INPUT_MAX, { error: "Validation.phone" })
  .transform((value, context) => {
    if (value === "") return "";
    const stored = normalizePhone(value);
    if (!stored) context.addIssue({ code: "custom", message: "Validation.phone" });
    return stored ?? value;
  })
  .default("");

// Each problem is reported on the part that is wrong (timetable.monday.opening), in its own words.
const day = z.object(
  {
    closed: z.boolean({ error: "Validation.flag" }),
    opening: z.string({ error: "Validation.time" }).regex(TIME_PATTERN, { error: "Validation.time" }),
    closing: z.string({ error: "Validation.time" }).regex(TIME_PATTERN, { error: "Validation.time" }),
  },
  { error: "Validation.timetable" },
);

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** The first open day whose closing time is not after its opening time, if any. */
export function invalidDay(timetable: Timetable): (typeof WEEKDAYS)[number] | null {
  return (
    WEEKDAYS.find(
      (name) => !timetable[name].closed && minutes(timetable[name].closing) <= minutes(timetable[name].opening),
    ) ?? null
  );
}

const timetable = z
  .object(Object.fromEntries(WEEKDAYS.map((name) => [name, day])) as Record<(typeof WEEKDAYS)[number], typeof day>, {
    error: "Validation.timetable",
  })
  .superRefine((value, context) => {
    const name = invalidDay(value);
    if (name) context.addIssue({ code: "custom", path: [name], message: "Validation.closingAfterOpening" });
  })
  .default(SERVICE_DEFAULTS.timetable);

// No point at all is the spec's "select a location" case; a point that is off the globe names the part that is wrong.
const location = z.object(
  {
    lat: z
      .number({ error: "Validation.latitude" })
      .min(-90, { error: "Validation.latitude" })
      .max(90, { error: "Validation.latitude" }),
    lng: z
      .number({ error: "Validation.longitude" })
      .min(-180, { error: "Validation.longitude" })
      .max(180, { error: "Validation.longitude" }),
  },
  { error: "Validation.location" },
);

export const serviceFields = {
  name: z
    .string({ error: "Validation.serviceName" })
    .trim()
    .min(3, { error: "Validation.serviceName" })
    .max(100, { error: "Validation.serviceName" })
    .regex(NAME_PATTERN, { error: "Validation.serviceName" }),
  contactPhone1: phone,
  contactPhone2: phone,
  contactMail: z
    .string({ error: "Validation.contactMail" })
    .trim()
    .max(100, { error: "Validation.contactMail" })
    .regex(EMAIL_PATTERN, { error: "Validation.contactMail" }),
  coordinates: location,
  address: z
    .string({ error: "Validation.location" })
    .trim()
    .min(1, { error: "Validation.location" })
    .max(300, { error: "Validation.location" }),
  website: optional(WEBSITE_PATTERN, "Validation.website", 100),
  facebook: optional(FACEBOOK_PATTERN, "Validation.facebook", 100),
  instagram: optional(INSTAGRAM_PATTERN, "Validation.instagram", 100),
  viber: phone,
  telegram: z
    .string({ error: "Validation.telegram" })
    .trim()
    .max(60, { error: "Validation.telegram" })
    .transform((value, context) => {
      if (value === "") return "";
      const username = telegramUsername(value);
      if (!username) context.addIssue({ code: "custom", message: "Validation.telegram" });
      return username ?? value;
    })
    .default(""),
  paymentMethods: z
    .array(z.enum(PAYMENT_METHODS, { error: "Validation.paymentMethods" }), { error: "Validation.paymentMethods" })
    .max(PAYMENT_METHODS.length, { error: "Validation.paymentMethods" })
    // Stored once each, in the catalogue's order.
    .transform((methods) => PAYMENT_METHODS.filter((method) => methods.includes(method)))
    .default([]),
  cashOnlyInOutage: z.boolean({ error: "Validation.flag" }).default(false),
  image: z
    .string({ error: "Validation.imageType" })
    .refine((value) => value === "" || IMAGE_URL_PATTERN.test(value), { error: "Validation.imageType" })
    .nullable()
    .default(null),
  /** When sent, the photos decide; `image` alone (older clients) replaces or removes just the cover. */
  images: imageList.optional(),
  description: z
    .string({ error: "Validation.description" })
    .max(DESCRIPTION_MAX, { error: "Validation.description" })
    .default(""),
  category: z
    .enum(CATEGORIES, { error: "Validation.category" })
    .transform(storedCategory)
    .default(SERVICE_DEFAULTS.category),
  // Old spellings are taken and stored as the new, as trailers are stored as trucks.
  brand: z
    .enum(ACCEPTED_BRANDS, { error: "Validation.brand" })
    .transform((value) => currentBrand(value) as Brand)
    .default(SERVICE_DEFAULTS.brand),
  // A JSON number, as the spec's bodies carry it: "5" or true is refused, not coerced.
  experience: z
    .number({ error: "Validation.experience" })
    .refine((value) => (EXPERIENCE_OPTIONS as readonly number[]).includes(value), { error: "Validation.experience" })
    .default(SERVICE_DEFAULTS.experience),
  isOnTheGo: z.boolean({ error: "Validation.flag" }).default(SERVICE_DEFAULTS.isOnTheGo),
  /** Only an on-the-go master's counts; empty means "not said". */
  serviceRadiusKm: z
    .number({ error: "Validation.serviceRadius" })
    .int({ error: "Validation.serviceRadius" })
    .min(1, { error: "Validation.serviceRadius" })
    .max(SERVICE_RADIUS_MAX_KM, { error: "Validation.serviceRadius" })
    .nullable()
    .default(null),
  timetable,
};

export type ServiceField = keyof typeof serviceFields;

/** Every field of a station or master, in the spec's checking order: the one list the form and the data layer derive theirs from. */
export const SERVICE_FIELDS = Object.keys(serviceFields) as ServiceField[];

/**
 * The fields the data layer stores its own way (features/listings/server/listings.ts): the point as
 * latitude and longitude, the photos in their table, the week as a row a day. Each other field is
 * copied into the service's column of the same name.
 */
export const STORED_APART = ["coordinates", "image", "images", "timetable"] as const satisfies readonly ServiceField[];

export const COLUMN_FIELDS = SERVICE_FIELDS.filter(
  (field): field is Exclude<ServiceField, (typeof STORED_APART)[number]> =>
    !(STORED_APART as readonly string[]).includes(field),
);

/**
 * "Cash only during power outages" says the service takes cash: ticked without cash among the
 * payment methods, the page would tell drivers two opposite things. One home for the rule: the
 * form and a new listing check it here, an update checks it against what is stored (features/listings/server/listings.ts).
 */
export function outageCashIssue(input: {
  paymentMethods?: readonly string[];
  cashOnlyInOutage?: boolean;
}): string | null {
  return input.cashOnlyInOutage && !(input.paymentMethods ?? []).includes("cash")
    ? "Validation.cashOnlyNeedsCash"
    : null;
}

export const serviceInput = z.object(serviceFields).superRefine((value, context) => {
  const issue = outageCashIssue(value);
  if (issue) context.addIssue({ code: "custom", path: ["cashOnlyInOutage"], message: issue });
});
export type ServiceInput = z.infer<typeof serviceInput>;
export type ServiceFormValues = z.input<typeof serviceInput>;

/** Updates carry `_id` and only the fields that changed (spec §4 and 7). */
export const servicePatch = z
  .object({
    _id: z.string({ error: "Validation.id" }).uuid({ error: "Validation.id" }),
    ...Object.fromEntries(
      Object.entries(serviceFields).map(([key, schema]) => [
        key,
        schema instanceof z.ZodDefault ? schema.removeDefault().optional() : schema.optional(),
      ]),
    ),
  })
  .strip() as unknown as z.ZodType<{ _id: string } & Partial<ServiceInput>>;
export type ServicePatch = { _id: string } & Partial<ServiceInput>;
