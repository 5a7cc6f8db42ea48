import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { escapeHtml, readBody } from "./stand-in-http";

/**
 * A local stand-in for Telegram's Bot API (https://core.telegram.org/bots/api): getMe, sendMessage
 * and setWebhook at /bot<token>/<method>, answering as Telegram does ({ ok, result } or
 * { ok: false, error_code, description, parameters }). It records every message it accepted, and
 * can be told to fail the ways the app must survive: 429 with retry_after, 500, a chat that
 * blocked the bot (403). It also plays the people: sendUpdate() posts an Update to the app's
 * webhook with the secret token, as Telegram would, and records the reply the webhook answers
 * with (a sendMessage in the answer, which Telegram performs). Its page at / lists what was sent,
 * newest first, with a form to write to the bot as a Telegram user.
 * Used by the notification tests, the end-to-end server and `npm run dev` without a token.
 */
export const TELEGRAM_TEST_TOKEN = "123456:stand-in-token-for-local-tests";
export const TELEGRAM_TEST_USERNAME = "maister_stand_in_bot";
export const TELEGRAM_TEST_SECRET = "stand-in-webhook-secret";

export type SentMessage = {
  /** When the stand-in received it (its clock, ms). */
  at: number;
  chatId: string;
  text: string;
  parseMode?: string;
  button?: { text: string; url: string };
  /** Sent with sendMessage, or as the reply in a webhook's answer. */
  via: "api" | "webhook";
};

/** One answer sendMessage gave, accepted or not. */
export type Attempt = { at: number; chatId: string; status: number };

export type Update = Record<string, unknown> & { update_id: number };

/** Posts an Update to the app's webhook and answers its HTTP status and body (0: not reached). */
export type UpdateDelivery = (
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export type FakeTelegram = {
  url: string;
  token: string;
  username: string;
  /** Accepted messages, in order. */
  sent: SentMessage[];
  attempts: Attempt[];
  calls: { getMe: number; sendMessage: number; setWebhook: number };
  mode: {
    /** Answers every sendMessage with 500. */
    down: boolean;
    /** Answers every sendMessage with 429 and this retry_after (seconds). */
    retryAfter: number | null;
    /** Chats that blocked the bot: 403. */
    blocked: Set<string>;
  };
  /** Where updates go: the webhook URL and its secret (setWebhook sets them too). */
  webhook: { url: string; secret: string };
  deliver: UpdateDelivery;
  /** A text message from a person in their private chat with the bot (chat id = their user id). */
  sendUpdate(
    chatId: number,
    text: string,
    from?: { username?: string; languageCode?: string; firstName?: string },
  ): Promise<{ status: number; body: unknown }>;
  sentTo(chatId: number | string): SentMessage[];
  close(): Promise<void>;
};

const read = readBody;

/** A t.me link pasted whole becomes the /start <code> its Start button sends. */
export function startCommand(text: string): string {
  const start = /[?&]start=([A-Za-z0-9_-]{1,64})/.exec(text);
  return start ? `/start ${start[1]}` : text.trim();
}

function page(fake: FakeTelegram, notice: string): string {
  const rows = [...fake.sent]
    .reverse()
    .map(
      (
        m,
      ) => `<li><p class="meta">${escapeHtml(new Date(m.at).toISOString())} · chat ${escapeHtml(m.chatId)} · ${m.via === "api" ? "sendMessage" : "webhook reply"}</p>
<pre>${escapeHtml(m.text)}</pre>${m.button ? `<p><a class="button" href="${escapeHtml(m.button.url)}">${escapeHtml(m.button.text)}</a> <code>${escapeHtml(m.button.url)}</code></p>` : ""}</li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Telegram stand-in</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #f4f4f5; color: #18181b; }
main { max-width: 720px; margin: 0 auto; }
section { background: #fff; border-radius: 12px; padding: 16px 24px; margin-bottom: 16px; }
.label { display: inline-block; background: #facc15; font-weight: 600; padding: 2px 8px; border-radius: 6px; }
ul { list-style: none; padding: 0; } li { border-top: 1px solid #e4e4e7; padding: 8px 0; }
pre { white-space: pre-wrap; font: inherit; margin: 4px 0; }
.meta { color: #52525b; font-size: 14px; margin: 0; }
.button { display: inline-block; background: #2563eb; color: #fff; padding: 4px 12px; border-radius: 6px; text-decoration: none; }
label { display: block; margin-top: 8px; font-weight: 600; }
input, select { font: inherit; padding: 8px; width: 100%; box-sizing: border-box; }
button { font: inherit; font-weight: 600; margin-top: 12px; padding: 10px 16px; border-radius: 8px; border: 2px solid #18181b; background: #18181b; color: #fff; }
:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body><main>
<section>
<p class="label">Telegram Bot API stand-in — nothing here reaches Telegram</p>
<p>Bot @${escapeHtml(fake.username)}; updates go to <code>${escapeHtml(fake.webhook.url || "(no webhook set)")}</code>.</p>
${notice ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>` : ""}
</section>
<section>
<h1>Send as a Telegram user</h1>
<form method="post" action="/updates">
<label for="chat">Chat id (the person's Telegram id)</label>
<input id="chat" name="chat" inputmode="numeric" pattern="-?[0-9]{1,15}" value="100000001" required>
<label for="username">Username</label>
<input id="username" name="username" value="stand_in_person">
<label for="language">Telegram app language</label>
<select id="language" name="language"><option value="en">English</option><option value="uk">Українська</option></select>
<label for="text">Message: the t.me link (or /start &lt;code&gt;), /start or /stop</label>
<input id="text" name="text" value="/start" required>
<button type="submit">Send to the bot</button>
</form>
<p>Block the bot for a chat (its next messages answer 403): send <code>/block</code>.</p>
</section>
<section>
<h2>Sent by the bot, newest first</h2>
<p><a href="/">Refresh</a></p>
<ul>${rows || "<li>Nothing yet.</li>"}</ul>
</section>
</main></body>
</html>`;
}

export async function startFakeTelegram(
  port = 0,
  webhook = { url: "", secret: TELEGRAM_TEST_SECRET },
): Promise<FakeTelegram> {
  const sent: SentMessage[] = [];
  const attempts: Attempt[] = [];
  const calls = { getMe: 0, sendMessage: 0, setWebhook: 0 };
  const mode: FakeTelegram["mode"] = { down: false, retryAfter: null, blocked: new Set() };
  let updateId = 1000;
  let messageId = 1;

  const httpDelivery: UpdateDelivery = async (body, headers) => {
    try {
      // A dev server compiles the route on its first call: that can take a while.
      const response = await fetch(fake.webhook.url, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(60_000),
      });
      return { status: response.status, body: await response.text() };
    } catch {
      return { status: 0, body: "" };
    }
  };

  /** A reply the webhook answered with: what Telegram would perform and the chat would show. */
  const recordReply = (answer: unknown) => {
    if (!answer || typeof answer !== "object") return;
    const call = answer as Record<string, unknown>;
    if (call.method !== "sendMessage" || call.chat_id === undefined) return;
    sent.push({ at: Date.now(), chatId: String(call.chat_id), text: String(call.text ?? ""), via: "webhook" });
  };

  const sendUpdate: FakeTelegram["sendUpdate"] = async (chatId, text, from = {}) => {
    const update: Update = {
      update_id: ++updateId,
      message: {
        message_id: ++messageId,
        date: Math.floor(Date.now() / 1000),
        from: {
          id: chatId,
          is_bot: false,
          first_name: from.firstName ?? "Stand-in",
          ...(from.username ? { username: from.username } : {}),
          ...(from.languageCode ? { language_code: from.languageCode } : {}),
        },
        chat: { id: chatId, type: "private", first_name: from.firstName ?? "Stand-in" },
        text,
        ...(text.startsWith("/")
          ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] }
          : {}),
      },
    };
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (fake.webhook.secret) headers["x-telegram-bot-api-secret-token"] = fake.webhook.secret;
    const answer = await fake.deliver(JSON.stringify(update), headers);
    let body: unknown = null;
    try {
      body = answer.body ? (JSON.parse(answer.body) as unknown) : null;
    } catch {
      body = answer.body;
    }
    if (answer.status === 200) recordReply(body);
    return { status: answer.status, body };
  };

  const api = async (response: ServerResponse, method: string, raw: string) => {
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    const fail = (status: number, description: string, parameters?: object) =>
      send(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });
    let params: Record<string, unknown> = {};
    try {
      params = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return fail(400, "Bad Request: can't parse JSON");
    }
    if (method === "getMe") {
      calls.getMe++;
      return send(200, {
        ok: true,
        result: { id: 123456, is_bot: true, first_name: "Maister (stand-in)", username: fake.username },
      });
    }
    if (method === "setWebhook") {
      calls.setWebhook++;
      fake.webhook.url = String(params.url ?? "");
      if (typeof params.secret_token === "string") fake.webhook.secret = params.secret_token;
      return send(200, { ok: true, result: true, description: "Webhook was set" });
    }
    if (method !== "sendMessage") return fail(404, "Not Found");
    calls.sendMessage++;
    const chatId = String(params.chat_id ?? "");
    const attempt = (status: number) => attempts.push({ at: Date.now(), chatId, status });
    if (mode.retryAfter !== null) {
      attempt(429);
      return fail(429, `Too Many Requests: retry after ${mode.retryAfter}`, { retry_after: mode.retryAfter });
    }
    if (mode.down) {
      attempt(500);
      return fail(500, "Internal Server Error");
    }
    if (mode.blocked.has(chatId)) {
      attempt(403);
      return fail(403, "Forbidden: bot was blocked by the user");
    }
    const text = typeof params.text === "string" ? params.text : "";
    if (!chatId || !text) {
      attempt(400);
      return fail(400, !chatId ? "Bad Request: chat_id is empty" : "Bad Request: message text is empty");
    }
    const markup = params.reply_markup as { inline_keyboard?: { text: string; url?: string }[][] } | undefined;
    const first = markup?.inline_keyboard?.[0]?.[0];
    // Telegram refuses a button URL it cannot open (localhost, plain http): the app must not send one.
    if (first?.url && !first.url.startsWith("https://")) {
      attempt(400);
      return fail(400, "Bad Request: inline keyboard button URL 'http://…' is invalid: Wrong HTTP URL");
    }
    attempt(200);
    sent.push({
      at: Date.now(),
      chatId,
      text,
      via: "api",
      ...(typeof params.parse_mode === "string" ? { parseMode: params.parse_mode } : {}),
      ...(first?.url ? { button: { text: first.text, url: first.url } } : {}),
    });
    return send(200, {
      ok: true,
      result: {
        message_id: ++messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(chatId), type: "private" },
        text,
      },
    });
  };

  const form = async (response: ServerResponse, raw: string) => {
    const fields = new URLSearchParams(raw);
    const chat = Number(fields.get("chat"));
    const text = startCommand(fields.get("text") ?? "");
    let notice: string;
    if (!Number.isSafeInteger(chat) || !text) notice = "Give a chat id and a message.";
    else if (text === "/block") {
      mode.blocked.add(String(chat));
      notice = `Chat ${chat} now blocks the bot: its messages answer 403.`;
    } else {
      mode.blocked.delete(String(chat));
      const answer = await sendUpdate(chat, text, {
        username: fields.get("username") || undefined,
        languageCode: fields.get("language") || undefined,
      });
      notice = `The webhook answered ${answer.status || "nothing (not reached)"}.`;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(fake, notice));
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const handled = (async () => {
      const method = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (method) {
        const raw = await read(request);
        if (decodeURIComponent(method[1]!) !== fake.token)
          return response
            .writeHead(401, { "content-type": "application/json" })
            .end(JSON.stringify({ ok: false, error_code: 401, description: "Unauthorized" }));
        return api(response, method[2]!, raw);
      }
      if (url.pathname === "/updates" && request.method === "POST") return form(response, await read(request));
      if (url.pathname === "/" && (request.method === "GET" || request.method === "HEAD"))
        return response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(fake, ""));
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
    })();
    handled.catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.end();
    });
  });

  const fake: FakeTelegram = {
    url: "",
    token: TELEGRAM_TEST_TOKEN,
    username: TELEGRAM_TEST_USERNAME,
    sent,
    attempts,
    calls,
    mode,
    webhook: { ...webhook },
    deliver: httpDelivery,
    sendUpdate,
    sentTo: (chatId) => sent.filter((message) => message.chatId === String(chatId)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
