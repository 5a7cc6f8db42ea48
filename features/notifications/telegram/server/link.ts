import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { getPrisma } from "@/lib/db/server";
import { AppError } from "@/lib/http/errors";

import { signedIn, type Person } from "../../server/person";
import type { TelegramLinkState } from "../answers";
import { botUsername, telegramConfigured } from "../api";
import { dropChat } from "./chats";

/**
 * Linking a person's account to a Telegram chat: a one-time code in a t.me link (the bot's
 * /start <code>, see webhook.ts), kept only as its sha256 so a copy of the database links nobody;
 * the link's state for the settings; unlinking.
 */
export const LINK_CODE_MINUTES = 15;
/** 32 random bytes: 43 characters of base64url, inside the 64 of [A-Za-z0-9_-] Telegram's start parameter allows. */
const CODE_BYTES = 32;

export const hashLinkCode = (code: string) => createHash("sha256").update(code).digest("hex");

function requireBot() {
  if (!telegramConfigured()) throw new AppError(409, "Telegram.unavailable");
}

/**
 * POST /api/users/telegram/link: a fresh one-time link to the bot. The person's older unused
 * codes go: only the newest link works, and a page asked many times leaves one row.
 */
export async function createLinkUrl(viewer: Person | null, now = new Date()): Promise<{ url: string }> {
  signedIn(viewer);
  requireBot();
  const username = await botUsername();
  if (!username) throw new AppError(502, "Telegram.botUnreachable");
  const code = randomBytes(CODE_BYTES).toString("base64url");
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    await tx.telegramLinkCode.deleteMany({
      where: { userId: viewer.id, OR: [{ usedAt: null }, { expiresAt: { lt: now } }] },
    });
    await tx.telegramLinkCode.create({
      data: {
        codeHash: hashLinkCode(code),
        userId: viewer.id,
        expiresAt: new Date(now.getTime() + LINK_CODE_MINUTES * 60_000),
      },
    });
  });
  return { url: `https://t.me/${username}?start=${code}` };
}

/** GET /api/users/telegram: whether Telegram is offered here, and the viewer's linked chat. */
export async function linkState(viewer: Person | null): Promise<TelegramLinkState> {
  signedIn(viewer);
  const prisma = await getPrisma();
  const link = await prisma.telegramLink.findUnique({ where: { userId: viewer.id }, select: { username: true } });
  return {
    available: telegramConfigured(),
    linked: Boolean(link),
    ...(link?.username ? { username: link.username } : {}),
  };
}

/** DELETE /api/users/telegram: the chat is unlinked; nothing more is sent there. */
export async function unlink(viewer: Person | null): Promise<{ linked: false }> {
  signedIn(viewer);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const link = await tx.telegramLink.findUnique({ where: { userId: viewer.id }, select: { chatId: true } });
    if (link) await dropChat(tx, link.chatId, "byPerson");
  });
  return { linked: false };
}
