import { PRICE_JOBS } from "@/domain/service/jobs";
import { LiveStatusAnswer, NextChangeAnswer } from "@/features/hours/answers";
import { z } from "@/lib/zod";

import { CAR_FUELS, PARTS_OF_DAY, REQUEST_STATUSES } from "./rules";

/** The answers of the request routes, as the OpenAPI document describes them, and the types they give. */

const role = z.enum(["sto", "mechanic"]);
const requestStatus = z.enum(REQUEST_STATUSES);
const targetStatus = z
  .enum(["sent", "answered", "declined", "chosen", "passed", "cancelled"])
  .meta({ id: "RequestTargetStatus", description: "Where one asked service stands in the request." });
const job = z.enum([...PRICE_JOBS, "custom"]);

export const createdAnswer = z.object({ _id: z.guid() }).meta({ id: "Created" });
export const doneAnswer = z.object({ ok: z.literal(true) }).meta({ id: "Done" });
export const inboxCountAnswer = z.object({
  new: z.number().int().meta({ description: "Requests to the viewer's services waiting for an answer." }),
  unread: z
    .object({
      driver: z.number().int().meta({ description: "Messages from services in the viewer's own requests' threads." }),
      service: z.number().int().meta({ description: "Messages from drivers in the threads of the viewer's services." }),
    })
    .meta({ description: "Messages the viewer has not read yet (written after they last opened that thread)." }),
});

const side = z.enum(["driver", "service"]).meta({ id: "ThreadSide", description: "Who wrote a message." });

export const ThreadMessageAnswer = z
  .object({
    _id: z.guid(),
    side,
    mine: z.boolean().meta({ description: "The viewer wrote it." }),
    text: z.string().meta({
      description:
        "As the viewer may read it: its sender and an admin read it as typed; the other side reads its contacts (phones, e-mail addresses, links, handles) as ••• until this service is chosen.",
    }),
    contactsHidden: z.boolean().meta({
      description: "The other side of the sender reads this message with contacts hidden (for the sender: a notice).",
    }),
    images: z.array(z.string()),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ThreadMessage", description: "One message of a request's thread with one service." });

export const ThreadAnswer = z
  .object({
    requestId: z.guid(),
    serviceId: z.guid(),
    serviceName: z.string(),
    viewer: z.enum(["driver", "service", "admin"]).meta({ description: "The viewer's part in the thread." }),
    canWrite: z.boolean().meta({
      description: "The viewer may write: the driver or the service's owner, while the thread is open.",
    }),
    closed: z.boolean().meta({ description: "The thread has closed for writing (closesAt has passed)." }),
    closesAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When writing ends (30 days after the request ended); null while the request is open." }),
    contactsHidden: z
      .boolean()
      .meta({ description: "Contacts are hidden between the two sides now: this service is not chosen." }),
    messages: z.array(ThreadMessageAnswer).meta({ description: "Oldest first." }),
  })
  .meta({ id: "Thread", description: "The conversation between a request's driver and one service it went to." });

export const PostedMessageAnswer = z
  .object({
    message: ThreadMessageAnswer,
    notice: z
      .object({ key: z.string(), message: z.string() })
      .nullable()
      .meta({ description: "Said to the sender when the other side reads the message with contacts hidden, and why." }),
  })
  .meta({ id: "PostedMessage" });

export const QuoteAnswerAnswer = z
  .object({
    _id: z.guid(),
    serviceId: z.guid(),
    decline: z.boolean(),
    price: z.number().nullable(),
    priceFrom: z.number().nullable(),
    priceTo: z.number().nullable(),
    slot: z.iso.datetime().nullable().meta({ description: "An offered time." }),
    earliest: z.iso.date().nullable().meta({ description: "The earliest day, when no time is offered." }),
    message: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "RequestAnswer", description: "A service's answer: a price and a time, or a decline." });

const CarAnswer = z
  .object({ make: z.string(), model: z.string(), year: z.number().int(), fuel: z.enum(CAR_FUELS) })
  .meta({ id: "Car" });

const WhenAnswer = z
  .union([
    z.object({ asap: z.literal(true) }),
    z.object({ from: z.iso.date(), to: z.iso.date(), partOfDay: z.enum(PARTS_OF_DAY).nullable() }),
  ])
  .meta({ id: "RequestWhen", description: "As soon as possible, or days (and a part of the day)." });

const asked = {
  job,
  description: z.string(),
  car: CarAnswer,
  when: WhenAnswer,
  images: z.array(z.string()),
  jobStatus: z.enum(["done", "confirmed", "disputed"]).nullable().meta({
    description:
      "The job of an accepted request: marked done by the chosen service, then confirmed or disputed by the driver; null before it is done (then the request can no longer be cancelled).",
  }),
};

const DriverDistance = z
  .number()
  .nullable()
  .meta({ description: "From the driver's point, to a tenth of a km and 0 (nearby) under 100 m; null without one." });

export const RequestViewAnswer = z
  .object({
    _id: z.guid(),
    status: requestStatus,
    ...asked,
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    closedBy: z.enum(["driver", "shop", "admin", "time"]).nullable(),
    closeReason: z.string(),
    acceptedAnswerId: z.guid().nullable(),
    phone: z.string().meta({ description: 'The phone the driver gave for the chosen shop (+380…), or "".' }),
    services: z.array(
      z
        .object({
          serviceId: z.guid(),
          name: z.string(),
          role,
          image: z.string().nullable(),
          address: z.string(),
          /** The service's first public phone ("" when none). */
          phone: z.string(),
          distanceKm: DriverDistance,
          ratingAvg: z.number(),
          numReviews: z.number().int(),
          responseTime: z.number().nullable(),
          responseRate: z.number().nullable(),
          status: targetStatus,
        })
        .meta({ id: "RequestService" }),
    ),
    answers: z.array(QuoteAnswerAnswer),
  })
  .meta({ id: "Request", description: "A driver's request, the services asked and their answers." });

export const AdminRequestViewAnswer = RequestViewAnswer.omit({ phone: true })
  .extend({
    driver: z.object({ name: z.string(), email: z.string() }),
  })
  .meta({ id: "AdminRequest", description: "A request as an admin sees it: with who asked." });

export const InboxPageAnswer = z
  .object({
    items: z.array(
      z
        .object({
          _id: z.guid(),
          targetId: z.guid(),
          serviceId: z.guid(),
          serviceName: z.string(),
          status: targetStatus,
          requestStatus,
          urgent: z
            .boolean()
            .meta({ description: "As soon as possible, open and not answered by this service yet: listed first." }),
          ...asked,
          distanceKm: DriverDistance,
          createdAt: z.iso.datetime(),
          expiresAt: z.iso.datetime(),
          answer: QuoteAnswerAnswer.nullable(),
          driver: z
            .object({ name: z.string(), email: z.string(), phone: z.string() })
            .nullable()
            .meta({ description: 'Who asked, with the phone they gave ("" for none), once this service is chosen.' }),
          closeReason: z.string(),
        })
        .meta({ id: "InboxItem", description: "A request as one of the viewer's services got it." }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "InboxPage" });

export const SuggestedServiceAnswer = z
  .object({
    serviceId: z.guid(),
    name: z.string(),
    role,
    image: z.string().nullable(),
    address: z.string(),
    distanceKm: z
      .number()
      .nullable()
      .meta({ description: "From the driver's point (`lat`, `lng`); null without one." }),
    ratingAvg: z.number(),
    numReviews: z.number().int(),
    responseTime: z.number().nullable(),
    responseRate: z.number().nullable(),
    price: z.number().nullable().meta({ description: 'Its "from" price for the job (null for "custom").' }),
    openNow: z.boolean(),
    nextChange: NextChangeAnswer.nullable(),
    liveStatus: LiveStatusAnswer.nullable(),
    timeZone: z.string(),
    hoursKnown: z.boolean(),
  })
  .meta({ id: "SuggestedService" });

export const AdminRequestPageAnswer = z
  .object({
    requests: z.array(
      z
        .object({
          _id: z.guid(),
          status: requestStatus,
          job,
          createdAt: z.iso.datetime(),
          driverEmail: z.string(),
          services: z.array(z.object({ serviceId: z.guid(), name: z.string(), status: targetStatus })),
          answers: z.number().int().meta({ description: "How many answers came." }),
        })
        .meta({ id: "AdminRequestItem" }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: "AdminRequestPage" });

/*
 * The API's views of a request (docs: the design's "API (JSON shapes)"), shared by the routes'
 * answers and the pages that show them. Dates are ISO strings; distances in km; amounts in UAH.
 */

/** A service's answer as the driver (and that service) sees it. Amounts in whole hryvnias. */
export type AnswerView = z.infer<typeof QuoteAnswerAnswer>;
/** GET /api/requests/mine and /api/requests/{id}: a driver's request with its services and answers. */
export type RequestView = z.infer<typeof RequestViewAnswer>;
/** A service a request went to, as its driver sees it. */
export type RequestServiceView = RequestView["services"][number];
export type RequestWhenView = RequestView["when"];
/**
 * An admin's view of a request adds who asked, but not the phone the driver gave: that is for the
 * shop they choose alone.
 */
export type AdminRequestView = z.infer<typeof AdminRequestViewAnswer>;
export type InboxPage = z.infer<typeof InboxPageAnswer>;
/** GET /api/requests/inbox: one request as one of the viewer's services got it. `driver` only once chosen. */
export type InboxItem = InboxPage["items"][number];
/**
 * GET /api/requests/suggest: a service near the first one (or the point) that does the job.
 * `price`: its "from" price for the job; `distanceKm`: from the driver's point (null without one);
 * its opening status now, as a card's (features/hours/live-status.ts badgeStatus reads it).
 */
export type SuggestedService = z.infer<typeof SuggestedServiceAnswer>;
/** GET /api/requests/{id}/messages: one thread. */
export type ThreadView = z.infer<typeof ThreadAnswer>;
export type ThreadMessageView = ThreadView["messages"][number];
export type PostedMessage = z.infer<typeof PostedMessageAnswer>;
export type InboxCount = z.infer<typeof inboxCountAnswer>;
/** GET /api/items/admin/requests: a page of the admin's list. */
export type AdminRequestPage = z.infer<typeof AdminRequestPageAnswer>;
/** GET /api/items/admin/requests: one row of the admin's list. */
export type AdminRequestItem = AdminRequestPage["requests"][number];
