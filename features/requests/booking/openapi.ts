import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { BookingViewAnswer, CalendarFeedAnswer } from "./answers";
import { bookingCancelInput, confirmInput, otherTimesInput, proposeInput } from "./schema";

const requestPath = z.object({ id: z.string().meta({ description: "The request's id (a UUID)." }) });
const feedPath = z.object({ file: z.string().meta({ description: "The feed's token followed by `.ics`." }) });
const calendarFile = (description: string) => ({
  description,
  content: { "text/calendar": { schema: z.string().meta({ description: "An iCalendar (RFC 5545) document." }) } },
});

const WHO =
  "For the driver and the chosen service's owner; an admin reads it (403 on writes); a service passed over and anyone else 404.";

export const paths: ZodOpenApiPathsObject = {
  "/api/requests/{id}/booking": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "The booked time of an accepted request",
      description: `The booking (null before the shop proposed a time): its status, the slots to pick from, the agreed slot, the driver's ask for other times, how it ended, and what the viewer may do now. ${WHO}`,
      requestParams: { path: requestPath },
      responses: { "200": jsonAnswer("The booking view.", BookingViewAnswer), ...errorAnswers(401, 404) },
    },
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Propose times",
      description: `1 to 3 slots, each a Kyiv wall-clock \`start\` (YYYY-MM-DDTHH:mm; a time the clock skips is refused) at least 30 minutes and at most 90 days ahead, and \`minutes\` (15 to 600, in steps of 15). A slot outside the service's opening hours is allowed and flagged. The chosen shop proposes first and again while its proposal is open (the slots are replaced); once a slot is agreed either side proposes to move it, with a \`reason\`, and the agreed slot holds until the other side picks. The other side is mailed. ${WHO}`,
      requestParams: { path: requestPath },
      requestBody: jsonBody(proposeInput(new Date(0))),
      responses: {
        "200": jsonAnswer("The booking view after the proposal.", BookingViewAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
    put: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Pick a proposed time",
      description: `The side that did not propose picks one of the open slots (\`slot\`, its id): it becomes the agreed slot, the event's sequence rises, the other side is mailed (the driver with the .ics link). A slot not on offer is a 400; a second pick of the same proposal (two at once included) a 409. ${WHO}`,
      requestParams: { path: requestPath },
      requestBody: jsonBody(confirmInput),
      responses: {
        "200": jsonAnswer("The booking view, confirmed.", BookingViewAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/requests/{id}/booking/other-times": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Ask for other times",
      description: `The driver, while times are proposed, says none suits (an optional \`note\`, at most 500 characters); the shop is mailed and proposes again. Once per proposal. ${WHO}`,
      requestParams: { path: requestPath },
      requestBody: jsonBody(otherTimesInput),
      responses: {
        "200": jsonAnswer("The booking view.", BookingViewAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/requests/{id}/booking/cancel": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Cancel the booking",
      description: `Either side, while it is proposed, confirmed or moving, with a \`reason\` (3 to 500 characters): final. Late when the agreed slot starts less than 2 hours from now. The other side is mailed. ${WHO}`,
      requestParams: { path: requestPath },
      requestBody: jsonBody(bookingCancelInput),
      responses: {
        "200": jsonAnswer("The booking view, cancelled.", BookingViewAnswer),
        ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
      },
    },
  },
  "/api/requests/{id}/booking/no-show": {
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Mark the other side as not come",
      description: `Once the agreed slot has started, either side says the other did not come (\`ended.by\` is the side that says so). No body. 409 before the start. ${WHO}`,
      requestParams: { path: requestPath },
      responses: {
        "200": jsonAnswer("The booking view, a no-show.", BookingViewAnswer),
        ...errorAnswers(401, 403, 404, 409),
      },
    },
  },
  "/api/requests/{id}/booking.ics": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "The agreed time as a calendar file",
      description:
        "One event (UID from the booking, SEQUENCE rising with each change, cancelled once cancelled) in the viewer's language, for the driver and the chosen shop's owner once a slot is agreed; 404 otherwise.",
      requestParams: { path: requestPath },
      responses: { "200": calendarFile("The event."), ...errorAnswers(401, 404) },
    },
  },
  "/api/users/calendar-feed": {
    get: {
      tags: ["Requests"],
      security: SESSION,
      summary: "The address of the owner's calendar feed",
      description: "For owners of a service (403 for others): the private .ics address of their bookings, or null.",
      responses: { "200": jsonAnswer("The address.", CalendarFeedAnswer), ...errorAnswers(401, 403) },
    },
    post: {
      tags: ["Requests"],
      security: SESSION,
      summary: "A new calendar feed address",
      description: "A new private address (a 32-byte random token); the old one stops working at once. No body.",
      responses: { "200": jsonAnswer("The new address.", CalendarFeedAnswer), ...errorAnswers(401, 403) },
    },
    delete: {
      tags: ["Requests"],
      security: SESSION,
      summary: "Turn the calendar feed off",
      description: "The address stops working.",
      responses: { "200": jsonAnswer("No address.", CalendarFeedAnswer), ...errorAnswers(401, 403) },
    },
  },
  "/api/calendar/{file}": {
    get: {
      tags: ["Requests"],
      summary: "An owner's private calendar feed",
      description:
        "`{token}.ics`: every booking with an agreed slot of the token owner's services from 30 days back to 180 days ahead (cancelled ones as cancelled events), in the owner's language. No session: the token is the key; an unknown or revoked one is a 404. Calendars may keep it 5 minutes.",
      requestParams: { path: feedPath },
      responses: { "200": calendarFile("The feed."), ...errorAnswers(404) },
    },
  },
};
