import { z } from "@/lib/zod";

/** The answers of the Telegram routes: what the server returns and the OpenAPI document describes. */

export const TelegramLinkUrlAnswer = z
  .object({
    url: z.string().meta({
      description:
        "https://t.me/<bot>?start=<code>: opens the bot; its Start links the chat. The code works once, for 15 minutes.",
    }),
  })
  .meta({ id: "TelegramLinkUrl", description: "A one-time link to the bot." });

export const TelegramLinkStateAnswer = z
  .object({
    available: z
      .boolean()
      .meta({ description: "Whether this server has a Telegram bot (else nothing can be linked)." }),
    linked: z.boolean(),
    username: z
      .string()
      .optional()
      .meta({ description: "The Telegram username of the linked chat, without @, when it has one." }),
  })
  .meta({ id: "TelegramLinkState", description: "Whether the viewer's account has a Telegram chat linked." });
export type TelegramLinkState = z.infer<typeof TelegramLinkStateAnswer>;

export const TelegramUnlinkAnswer = z
  .object({ linked: z.literal(false) })
  .meta({ id: "TelegramUnlinked", description: "No chat is linked any more." });

/**
 * What the webhook answers Telegram: a reply to the chat as a Bot API call in the answer itself
 * (Telegram performs it, https://core.telegram.org/bots/api#making-requests-when-getting-updates),
 * or nothing to do.
 */
export const TelegramWebhookAnswer = z
  .union([
    z.object({
      method: z.literal("sendMessage"),
      chat_id: z.number().int(),
      text: z.string(),
      link_preview_options: z.object({ is_disabled: z.boolean() }),
    }),
    z.object({ ignored: z.literal(true) }),
  ])
  .meta({ id: "TelegramWebhookAnswer", description: "A sendMessage for Telegram to perform, or ignored." });
export type TelegramWebhookReply = z.infer<typeof TelegramWebhookAnswer>;
