import { z } from "@/lib/zod";

/**
 * The part of a Telegram Update (https://core.telegram.org/bots/api#update) the webhook reads:
 * a text message with its chat and sender. Everything else an update may carry is let through
 * unread (an edited message, a channel post…): such updates are answered "ignored".
 */
export const telegramUpdate = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      from: z
        .looseObject({
          id: z.number().int(),
          is_bot: z.boolean().optional(),
          username: z.string().max(64).optional(),
          language_code: z.string().max(35).optional(),
        })
        .optional(),
      chat: z.looseObject({ id: z.number().int(), type: z.string() }),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdate>;

/** The start parameter Telegram allows: up to 64 of A–Z, a–z, 0–9, _ and -. */
export const LINK_CODE = /^[A-Za-z0-9_-]{1,64}$/;
