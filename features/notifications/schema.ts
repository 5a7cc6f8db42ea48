import { z } from "@/lib/zod";

import { CHANNELS, CHOOSABLE_EVENTS } from "./events";

/**
 * PUT /api/users/notifications: any of channels, events and quietHours; what is left out stays as
 * it was. `events` maps an event a person may choose for to its channels (an empty list: none);
 * quietHours null turns them off. Each refused field names itself with a message key.
 */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const choosable: ReadonlySet<string> = new Set(CHOOSABLE_EVENTS);

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
      events: z
        .record(
          z.string(),
          z
            .array(z.enum(CHANNELS, { error: "Validation.invalid" }), { error: "Validation.invalid" })
            .max(CHANNELS.length, { error: "Validation.invalid" }),
          { error: "Validation.invalid" },
        )
        .superRefine((events, context) => {
          for (const event of Object.keys(events))
            if (!choosable.has(event))
              context.addIssue({ code: "custom", message: "Notifications.unknownEvent", path: [event] });
        })
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
