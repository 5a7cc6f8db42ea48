import "server-only";

import type { ChannelSender } from "../server/channel";

/** Not built yet: replaced by the push channel. */
export const pushSender: ChannelSender = {
  configured: () => false,
  send: async () => ({ outcome: "refused", error: "push channel not built" }),
  forget: async () => {},
};
