import "server-only";

import { createTranslator, type Locale } from "next-intl";

import { notify, type Notified } from "@/features/notifications/server/notify";
import { MESSAGES } from "@/i18n/messages";
import type { Prisma } from "@/lib/generated/prisma/client";
import { escapeHtml, type Mail } from "@/lib/mail/outbox";

/**
 * The mails of a claim, each in the language of the person it is about (the claimant's for the
 * code, which goes to the place's own address): the code, the admin's approval (pay, or the
 * listing is already yours), a rejection with its reason, the word to an owner whose listing an
 * admin moved to its claimant, and the lapse of a verified claim left unpaid. Written in the caller's transaction, so a mail goes out only
 * with the change it reports; the caller kicks the queue after the commit.
 */
export type ClaimMailKind = "code" | "approved" | "transferred" | "rejected" | "ownerLost" | "lapsed";

export function composeClaimMail(
  kind: ClaimMailKind,
  to: string,
  locale: Locale,
  values: { name: string; station: string } & Record<string, string | number>,
  link?: string,
): Mail {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Claims.mail" });
  const intro = t(`${kind}Intro`, values);
  const text = [intro, link].filter(Boolean).join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : "",
  ].join("");
  return { to, subject: t(`${kind}Subject`, values), text, html, locale, kind: `claim.${kind}` };
}

/** The claim's mail to the person `userId` through notify (the code goes by e-mail only, to the place's address). */
export function notifyClaim(
  tx: Prisma.TransactionClient,
  userId: string,
  ...args: Parameters<typeof composeClaimMail>
): Promise<Notified> {
  return notify(tx, userId, { mail: composeClaimMail(...args), link: args[4] });
}
