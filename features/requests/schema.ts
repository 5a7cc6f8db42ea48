import { dateOfDay, localClock } from "@/domain/service/clock";
import { ACCEPTED_BRANDS, BRANDS, currentBrand } from "@/domain/service/fields";
import { IMAGE_URL_PATTERN } from "@/domain/service/images";
import { CUSTOM_JOB, PRICE_JOBS, PRICE_MAX_UAH } from "@/domain/service/jobs";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { phone } from "@/features/listings/schema";
import { adminPage } from "@/lib/http/pagination";
import { typedText, z } from "@/lib/zod";

import {
  ANSWER_MAX_DAYS_AHEAD,
  CAR_FUELS,
  CAR_MODEL_MAX,
  CAR_YEAR_MIN,
  CUSTOM_DESCRIPTION_MIN,
  INBOX_TABS,
  PARTS_OF_DAY,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_MAX_DAYS_AHEAD,
  REQUEST_MAX_IMAGES,
  REQUEST_MAX_SERVICES,
  REQUEST_MESSAGE_MAX,
  REQUEST_REASON_MAX,
  REQUEST_STATUSES,
  THREAD_MAX_IMAGES,
  THREAD_TEXT_MAX,
  type RequestWhen,
} from "./rules";

/**
 * The inputs of requests for a price, shared by the forms and the server. Every field refused
 * names itself with a message key (namespace Requests), so the stepper shows the error on the step
 * it belongs to. Rules that depend on the day (no date in the past, a car at most a year ahead of
 * its model year) take `now`, as the server and the browser each know it; the days are Kyiv's.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An instant with its offset (or Z), as Date#toISOString writes it; seconds may be left out. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/** The makes a driver chooses from: the site's brand list, without its "Any". */
export const CAR_MAKES = BRANDS.filter((brand) => brand !== "Any");
export const REQUEST_JOBS = [...PRICE_JOBS, CUSTOM_JOB] as const;

/** Today in Kyiv as YYYY-MM-DD, and a day that many days later. */
export function kyivDay(now: Date, daysLater = 0): string {
  return dateOfDay(localClock(now, DEFAULT_TIME_ZONE).day + daysLater);
}

/** A day the calendar has: not 30 February (which Date moves to March), not month 13 (which toISOString throws on). */
const realDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** A calendar day YYYY-MM-DD, from `first` to `last` (both included). */
const day = (first: string, last: string, tooFar: string) =>
  z
    .string({ error: "Requests.date" })
    .refine(realDate, { error: "Requests.date", abort: true })
    .refine((value) => value >= first, { error: "Requests.datePast", abort: true })
    .refine((value) => value <= last, { error: tooFar });

const id = (key: string) => z.string({ error: key }).regex(UUID, { error: key });

const reason = z
  .string({ error: "Requests.reason" })
  .trim()
  .min(1, { error: "Requests.reason" })
  .max(REQUEST_REASON_MAX, { error: "Requests.reason" });

const amount = z
  .number({ error: "Requests.price" })
  .int({ error: "Requests.price" })
  .min(1, { error: "Requests.price" })
  .max(PRICE_MAX_UAH, { error: "Requests.price" });

/** POST /api/requests. */
/** A driver's car: a make from the site's brand list, a model, a year up to next year's models, a fuel. */
export function carInput(maxYear: number) {
  return z.object(
    {
      // Old spellings of a make (domain/service/fields.ts) are taken as the new.
      make: z
        .enum(
          ACCEPTED_BRANDS.filter((brand) => brand !== "Any"),
          { error: "Requests.carMake" },
        )
        .transform((value) => currentBrand(value) as (typeof CAR_MAKES)[number]),
      model: z
        .string({ error: "Requests.carModel" })
        .trim()
        .min(1, { error: "Requests.carModel" })
        .max(CAR_MODEL_MAX, { error: "Requests.carModel" }),
      year: z
        .number({ error: "Requests.carYear" })
        .int({ error: "Requests.carYear" })
        .min(CAR_YEAR_MIN, { error: "Requests.carYear" })
        .max(maxYear, { error: "Requests.carYear" }),
      fuel: z.enum(CAR_FUELS, { error: "Requests.carFuel" }),
    },
    { error: "Requests.car" },
  );
}

/** Uploaded photos as their /api/uploads/{id} paths: at most `max`, each once. */
const imagePaths = (max: number, tooMany: string) =>
  z
    .array(z.string({ error: "Validation.imageForeign" }), { error: "Validation.imageForeign" })
    .max(max, { error: tooMany })
    .superRefine((urls, context) => {
      if (!urls.every((url) => IMAGE_URL_PATTERN.test(url)))
        context.addIssue({ code: "custom", message: "Validation.imageForeign" });
      else if (new Set(urls.map((url) => url.toLowerCase())).size !== urls.length)
        context.addIssue({ code: "custom", message: "Validation.imagesDuplicate" });
    })
    .default([]);

export function requestInput(now: Date) {
  const today = kyivDay(now);
  const lastDay = kyivDay(now, REQUEST_MAX_DAYS_AHEAD);
  const maxYear = Number(today.slice(0, 4)) + 1;
  return z
    .object(
      {
        serviceIds: z
          .array(id("Requests.serviceGone"), { error: "Requests.servicesRequired" })
          .min(1, { error: "Requests.servicesRequired" })
          .max(REQUEST_MAX_SERVICES, { error: "Requests.tooManyServices" })
          .refine((ids) => new Set(ids.map((value) => value.toLowerCase())).size === ids.length, {
            error: "Requests.servicesDuplicate",
          })
          .transform((ids) => ids.map((value) => value.toLowerCase())),
        job: z.enum(REQUEST_JOBS, { error: "Requests.job" }),
        description: z
          .string({ error: "Requests.descriptionTooLong" })
          .trim()
          .max(REQUEST_DESCRIPTION_MAX, { error: "Requests.descriptionTooLong" })
          .default(""),
        car: carInput(maxYear),
        // One object rather than a union of two, so a wrong part is named (when.from), not the whole.
        when: z
          .object(
            {
              asap: z.boolean({ error: "Validation.flag" }).optional(),
              from: day(today, lastDay, "Requests.whenTooFar").optional(),
              to: day(today, lastDay, "Requests.whenTooFar").optional(),
              partOfDay: z.enum(PARTS_OF_DAY, { error: "Requests.partOfDay" }).nullable().optional(),
            },
            { error: "Requests.when" },
          )
          .superRefine((when, context) => {
            if (when.asap) return;
            if (!when.from) context.addIssue({ code: "custom", path: ["from"], message: "Requests.when" });
            else if (!when.to) context.addIssue({ code: "custom", path: ["to"], message: "Requests.when" });
            else if (when.to < when.from)
              context.addIssue({ code: "custom", path: ["to"], message: "Requests.whenOrder" });
          })
          .transform((when): RequestWhen =>
            when.asap
              ? { asap: true }
              : {
                  from: when.from!,
                  to: when.to!,
                  ...(when.partOfDay ? { partOfDay: when.partOfDay } : {}),
                },
          ),
        images: imagePaths(REQUEST_MAX_IMAGES, "Requests.imagesMax"),
        near: z
          .object(
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
            { error: "Validation.coordinates" },
          )
          .nullable()
          .optional(),
        // To be called back on: only the chosen shop reads it, once chosen.
        phone,
      },
      { error: "Api.badRequest" },
    )
    .superRefine((input, context) => {
      if (input.job === CUSTOM_JOB && input.description.length < CUSTOM_DESCRIPTION_MIN)
        context.addIssue({ code: "custom", path: ["description"], message: "Requests.descriptionRequired" });
    });
}
export type RequestInput = z.infer<ReturnType<typeof requestInput>>;

/**
 * POST /api/requests/{id}/answers: a price (one amount, or a range) and a time (an offered moment,
 * or the earliest day), either or both, or just a message; or a decline, with an optional message.
 */
export function answerInput(now: Date) {
  const lastDay = kyivDay(now, ANSWER_MAX_DAYS_AHEAD);
  return z
    .object(
      {
        serviceId: id("Requests.serviceRequired"),
        decline: z.boolean({ error: "Validation.flag" }).optional().default(false),
        price: amount.nullable().optional(),
        priceFrom: amount.nullable().optional(),
        priceTo: amount.nullable().optional(),
        slot: z
          .string({ error: "Requests.slot" })
          // Date.parse would move 30 February to 2 March: the day must exist as written.
          .refine(
            (value) => DATE_TIME.test(value) && realDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)),
            {
              error: "Requests.slot",
              abort: true,
            },
          )
          .refine((value) => Date.parse(value) > now.getTime(), { error: "Requests.slotPast", abort: true })
          .refine((value) => Date.parse(value) <= now.getTime() + ANSWER_MAX_DAYS_AHEAD * DAY_MS, {
            error: "Requests.answerTooFar",
          })
          .nullable()
          .optional(),
        earliest: day(kyivDay(now), lastDay, "Requests.answerTooFar").nullable().optional(),
        message: z
          .string({ error: "Requests.messageTooLong" })
          .trim()
          .max(REQUEST_MESSAGE_MAX, { error: "Requests.messageTooLong" })
          .default(""),
      },
      { error: "Api.badRequest" },
    )
    .superRefine((input, context) => {
      const fail = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
      if (input.decline) {
        // A no carries no price or time: a form that still holds them must not send a half-offer.
        for (const field of ["price", "priceFrom", "priceTo", "slot", "earliest"] as const)
          if (input[field] != null) return fail(field, "Requests.declineOnly");
        return;
      }
      const hasFrom = input.priceFrom != null;
      const hasTo = input.priceTo != null;
      if (input.price != null && (hasFrom || hasTo))
        return fail(hasFrom ? "priceFrom" : "priceTo", "Requests.priceOrRange");
      if (hasFrom !== hasTo) return fail(hasFrom ? "priceTo" : "priceFrom", "Requests.priceRange");
      if (hasFrom && input.priceFrom! > input.priceTo!) return fail("priceTo", "Requests.priceRangeOrder");
      if (input.slot != null && input.earliest != null) return fail("earliest", "Requests.slotOrEarliest");
      if (input.price == null && !hasFrom && input.slot == null && input.earliest == null && !input.message)
        return fail("price", "Requests.answerEmpty");
    })
    .transform((input) => ({
      serviceId: input.serviceId.toLowerCase(),
      decline: input.decline,
      price: input.decline ? null : (input.price ?? null),
      priceFrom: input.decline ? null : (input.priceFrom ?? null),
      priceTo: input.decline ? null : (input.priceTo ?? null),
      slot: input.decline || input.slot == null ? null : new Date(input.slot),
      earliest: input.decline ? null : (input.earliest ?? null),
      message: input.message,
    }));
}
export type AnswerInput = z.infer<ReturnType<typeof answerInput>>;

/** POST /api/requests/{id}/accept. */
export const acceptInput = z.object(
  { answerId: id("Requests.answerRequired").transform((value) => value.toLowerCase()) },
  { error: "Api.badRequest" },
);

/**
 * POST /api/requests/{id}/cancel: the driver's cancel, or (with serviceId) the chosen shop's.
 */
export const cancelInput = z.object(
  {
    reason,
    serviceId: id("Requests.serviceRequired")
      .transform((value) => value.toLowerCase())
      .nullable()
      .optional(),
  },
  { error: "Api.badRequest" },
);

/** POST /api/items/admin/requests/{id}/close. */
export const adminCloseInput = z.object({ reason }, { error: "Api.badRequest" });

/** GET /api/requests/inbox?status=new|all&page=. */
export const inboxQuery = z.object({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(INBOX_TABS, { error: "Requests.inboxFilter" }).optional().default("new"),
  ),
  page: adminPage,
  /** One request only (the link of a mail about it): its rows for the viewer's services. */
  request: id("Requests.inboxRequest")
    .transform((value) => value.toLowerCase())
    .optional(),
});

/** GET /api/items/admin/requests?status=&page=: every status when none is given. */
export const adminRequestsQuery = z.object({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(REQUEST_STATUSES, { error: "Requests.statusFilter" }).optional(),
  ),
  page: adminPage,
});

const coordinate = (key: string, limit: number) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number({ error: key }).min(-limit, { error: key }).max(limit, { error: key }).optional(),
  );

/**
 * GET /api/requests/suggest?serviceId=&job= or ?lat=&lng=&job=: near the service, or near the
 * point; with both, near the service and measured from the point (where the driver is).
 */
export const suggestQuery = z
  .object({
    serviceId: z.preprocess(
      (value) => (value === "" ? undefined : value),
      id("Requests.serviceGone")
        .transform((value) => value.toLowerCase())
        .optional(),
    ),
    lat: coordinate("Validation.latitude", 90),
    lng: coordinate("Validation.longitude", 180),
    job: z.enum(REQUEST_JOBS, { error: "Requests.job" }),
  })
  .superRefine((query, context) => {
    // Half a point is a mistake, not "no point": beside a service it would quietly lose the distances.
    if (query.lat !== undefined && query.lng === undefined)
      context.addIssue({ code: "custom", path: ["lng"], message: "Validation.longitude" });
    else if (query.lng !== undefined && query.lat === undefined)
      context.addIssue({ code: "custom", path: ["lat"], message: "Validation.latitude" });
    else if (!query.serviceId && query.lat === undefined)
      context.addIssue({ code: "custom", path: ["serviceId"], message: "Requests.suggestWhere" });
  });

// ---- The threads -------------------------------------------------------------------------------

/** GET /api/requests/{id}/messages?serviceId=: the thread with one asked service. */
export const threadQuery = z.object(
  {
    serviceId: id("Requests.serviceRequired").transform((value) => value.toLowerCase()),
  },
  { error: "Api.badRequest" },
);

/**
 * POST /api/requests/{id}/messages: a message to the other side of the thread, 1 to
 * THREAD_TEXT_MAX characters once trimmed, with up to THREAD_MAX_IMAGES of the sender's own
 * uploads (their /api/uploads/{id} paths, as the request's own photos; the data layer checks whose).
 */
export const messageInput = z.object(
  {
    serviceId: id("Requests.serviceRequired").transform((value) => value.toLowerCase()),
    text: typedText(THREAD_TEXT_MAX, { required: "Requests.threadText", tooLong: "Requests.threadTextTooLong" }),
    images: imagePaths(THREAD_MAX_IMAGES, "Requests.threadImagesMax"),
  },
  { error: "Api.badRequest" },
);
export type MessageInput = z.infer<typeof messageInput>;
