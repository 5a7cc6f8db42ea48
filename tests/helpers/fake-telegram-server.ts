import { startFakeTelegram, TELEGRAM_TEST_SECRET } from "./fake-telegram";

/**
 * The Telegram Bot API stand-in as a process, for the end-to-end server (scripts/e2e-server.mjs)
 * and `npm run dev` without a TELEGRAM_BOT_TOKEN (scripts/dev.mjs):
 * `fake-telegram-server.ts <port> <the app's webhook URL> [secret]`. Its page at / shows what the
 * bot sent and writes to the bot as a Telegram user (the app's webhook, with the secret token).
 */
const port = Number(process.argv[2] ?? 3196);
const webhook = {
  url: process.argv[3] ?? "http://localhost:3000/api/etc/telegram/webhook",
  secret: process.argv[4] ?? TELEGRAM_TEST_SECRET,
};
const fake = await startFakeTelegram(port, webhook);
console.log(
  `Telegram stand-in listening at ${fake.url} (bot @${fake.username}; what it sent, and writing to it: ${fake.url}/)`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
