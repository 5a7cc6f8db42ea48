import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { CHANNELS, CHOOSABLE_EVENTS } from "./events";
import { settingsInput } from "./schema";

/** A person's notification choices: what they hear about, by which channel, and when not. */

const tags = ["Notifications"];
const channel = z.enum(CHANNELS);
const time = z.string().meta({ description: "HH:MM, Kyiv time." });

export const settingsAnswer = z.object({
  channels: z.object({ email: z.boolean(), telegram: z.boolean(), push: z.boolean() }),
  events: z
    .partialRecord(z.enum(CHOOSABLE_EVENTS as [string, ...string[]]), z.array(channel))
    .meta({ description: "Each event the person may choose for (an admin's own only for admins): its channels." }),
  quietHours: z
    .object({ from: time, to: time })
    .nullable()
    .meta({ description: "Telegram and push wait through them, except booked times and their reminders. Null: none." }),
  email: z.string(),
  telegram: z.object({ available: z.boolean(), linked: z.boolean(), username: z.string().nullable() }),
  push: z.object({
    available: z.boolean(),
    publicKey: z.string().nullable().meta({ description: "The VAPID key to subscribe with, when push is available." }),
    subscriptions: z.int().nonnegative(),
  }),
});

export const paths: ZodOpenApiPathsObject = {
  "/api/users/notifications": {
    get: {
      tags,
      security: SESSION,
      summary: "The signed-in person's notification choices",
      description:
        "Without choices of their own, the defaults: everything by e-mail, what cannot wait also by Telegram and push once linked; quiet hours 22:00–08:00.",
      responses: {
        "200": jsonAnswer("The choices, resolved over the defaults.", settingsAnswer),
        ...errorAnswers(401),
      },
    },
    put: {
      tags,
      security: SESSION,
      summary: "Change the choices the body names",
      description:
        "What the body leaves out stays as it was. Account and security mails always go by e-mail and are not a choice.",
      requestBody: jsonBody(settingsInput),
      responses: {
        "200": jsonAnswer("The choices after the change.", settingsAnswer),
        ...errorAnswers(400, 401, 403, 413, 415),
      },
    },
  },
};
