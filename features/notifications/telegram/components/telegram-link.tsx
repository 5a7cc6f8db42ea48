"use client";

/** Not built yet: replaced by the Telegram channel's linking box. */
export function TelegramLink(_: {
  available: boolean;
  linked: boolean;
  username: string | null;
  onChanged: () => void;
}) {
  return null;
}
