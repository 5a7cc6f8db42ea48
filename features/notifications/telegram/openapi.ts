import type { ZodOpenApiPathsObject } from "zod-openapi";

import { errorAnswers, jsonAnswer, jsonBody, SESSION } from "@/lib/http/openapi-common";
import { z } from "@/lib/zod";

import { TelegramLinkStateAnswer, TelegramLinkUrlAnswer, TelegramUnlinkAnswer, TelegramWebhookAnswer } from "./answers";
import { telegramUpdate } from "./schema";

const tags = ["Notifications"];

export const paths: ZodOpenApiPathsObject = {
  "/api/users/telegram": {
    get: {
      tags,
      security: SESSION,
      summary: "Whether the viewer's Telegram is linked",
      description:
        "`available` says whether this server has a bot at all; `username` is the linked chat's Telegram username. The settings poll it while a link waits for Start.",
      responses: { "200": jsonAnswer("The link's state.", TelegramLinkStateAnswer), ...errorAnswers(401) },
    },
    delete: {
      tags,
      security: SESSION,
      summary: "Unlink Telegram",
      description:
        "The chat is unlinked and what was still waiting to be sent there is dropped. Unlinked already: the same answer.",
      responses: { "200": jsonAnswer("Unlinked.", TelegramUnlinkAnswer), ...errorAnswers(401) },
    },
  },
  "/api/users/telegram/link": {
    post: {
      tags,
      security: SESSION,
      summary: "A one-time link to the Telegram bot",
      description:
        "No body. A t.me link whose Start links the chat that presses it to the viewer's account: a 32-byte random code, single use, 15 minutes; the viewer's older unused codes stop working. 409 when this server has no bot, 502 when the bot's username cannot be asked of Telegram.",
      responses: { "200": jsonAnswer("The link.", TelegramLinkUrlAnswer), ...errorAnswers(401, 409, 502) },
    },
  },
  "/api/etc/telegram/webhook": {
    post: {
      tags,
      summary: "The Telegram bot's updates (setWebhook)",
      description:
        "Telegram's Update, with the secret_token given to setWebhook in X-Telegram-Bot-Api-Secret-Token (401 without it, or when the server has none). `/start <code>` links the private chat to the code's owner, `/start` greets, `/stop` unlinks; the answer is the reply for Telegram to send (a sendMessage), or `ignored`.",
      requestParams: {
        header: z.object({
          "x-telegram-bot-api-secret-token": z.string().meta({ description: "The webhook's secret token." }),
        }),
      },
      requestBody: jsonBody(telegramUpdate),
      responses: { "200": jsonAnswer("Received.", TelegramWebhookAnswer), ...errorAnswers(400, 401, 413, 415) },
    },
  },
};
