import { z } from "@/lib/zod";

import { CHANNELS, CHOOSABLE_EVENTS } from "./events";

/**
 * PUT /api/users/notifications: any of channels, events and quietHours; what is left out stays as
 * it was. `events` maps an event a person may choose for to its channels (an empty list: none);
 * quietHours null turns them off. Each refused field names itself with a message key.
 */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const settingsInput = z
  .object(
    {
      channels: z
        .object(
          Object.fromEntries(
            CHANNELS.map((channel) => [channel, z.boolean({ error: "Validation.invalid" }).optional()]),
          ),
          { error: "Validation.invalid" },
        )
        .strict()
        .optional(),
      // An object of the events one may choose for (not a record: every field of a body is
      // typed, tests/integration/http/body-types.test.ts); any other key is refused by name.
      events: z
        .strictObject(
          Object.fromEntries(
            CHOOSABLE_EVENTS.map((event) => [
              event,
              z
                .array(z.enum(CHANNELS, { error: "Validation.invalid" }), { error: "Validation.invalid" })
                .max(CHANNELS.length, { error: "Validation.invalid" })
                .optional(),
            ]),
          ),
          {
            error: (issue) =>
              issue.code === "unrecognized_keys" ? "Notifications.unknownEvent" : "Validation.invalid",
          },
        )
        .optional(),
      quietHours: z
        .object(
          {
            from: z.string({ error: "Validation.time" }).regex(TIME, { error: "Validation.time" }),
            to: z.string({ error: "Validation.time" }).regex(TIME, { error: "Validation.time" }),
          },
          { error: "Validation.invalid" },
        )
        .strict()
        .refine((quiet) => quiet.from !== quiet.to, { error: "Notifications.quietSame", path: ["to"] })
        .nullable()
        .optional(),
    },
    { error: "Api.badRequest" },
  )
  .strict();

export type SettingsInput = z.infer<typeof settingsInput>;
