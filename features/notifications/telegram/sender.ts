import "server-only";

import type { ChannelSender } from "../server/channel";

/** Not built yet: replaced by the Telegram channel. */
export const telegramSender: ChannelSender = {
  configured: () => false,
  send: async () => ({ outcome: "refused", error: "telegram channel not built" }),
  forget: async () => {},
};
