import "server-only";

import { createTranslator, type Locale } from "next-intl";

import { notify, notifyNow, type Notified } from "@/features/notifications/server/notify";
import { MESSAGES } from "@/i18n/messages";
import { getPathname } from "@/i18n/navigation";
import type { Prisma } from "@/lib/generated/prisma/client";
import { escapeHtml, type Mail } from "@/lib/mail/outbox";
import { appUrl } from "@/lib/site";

/**
 * The mails to a user about their account or their payments, in the user's language: an intro, an optional link on a line of
 * its own, and an optional closing line, each from messages/*.json (namespace Mail).
 */
type OutroKind = "confirm" | "existing" | "reset" | "emailChange";
type ReviewKind = "reviewReply" | "reviewHidden" | "reviewRestored" | "reportHidden" | "reportKept";
type Kind =
  | OutroKind
  | ReviewKind
  | "passwordChanged"
  | "emailChangeNotice"
  | "emailChangeTaken"
  | "emailChanged"
  | "mfaEnabled"
  | "mfaDisabled"
  | "mfaRecoveryCodesRenewed"
  | "mfaCodeCap"
  | "receipt"
  | "refunded"
  | "paymentReversedAdmin"
  | "paymentDuplicateAdmin"
  | "paymentReviewAdmin"
  | "paymentStuckAdmin"
  | "hoursReminder";
const WITH_OUTRO: ReadonlySet<Kind> = new Set<OutroKind>(["confirm", "existing", "reset", "emailChange"]);
const hasOutro = (kind: Kind): kind is OutroKind => WITH_OUTRO.has(kind);

/** What mailing an account needs of its row, as a Prisma select: its name, address and language. */
export const MAIL_RECIPIENT = { select: { id: true, name: true, email: true, locale: true } } as const;

/** An absolute link to a page of the site in the recipient's language. */
export const localePath = (locale: Locale, path: string) => `${appUrl()}${getPathname({ href: path, locale })}`;

export function composeAccountMail(
  kind: Kind,
  to: string,
  locale: Locale,
  values: { name: string } & Record<string, string>,
  link?: string,
): Mail {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Mail" });
  const intro = t(`${kind}Intro`, values);
  const outro = hasOutro(kind) ? t(`${kind}Outro`) : "";
  const text = [intro, link, outro ? `\n${outro}` : ""].filter(Boolean).join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : "",
    outro ? `<p>${escapeHtml(outro)}</p>` : "",
  ].join("");
  return { to, subject: t(`${kind}Subject`, values), text, html, locale, kind };
}

/**
 * The mail to the person `userId` through notify, in a transaction of its own, delivered after
 * the answer (see queueMail(): answers whose timing must not say whether a mail was written).
 */
export async function notifyAccount(userId: string, ...args: Parameters<typeof composeAccountMail>): Promise<void> {
  await notifyNow(userId, { mail: composeAccountMail(...args), link: args[4] }, { mail: "background" });
}

/**
 * A mail written in the caller's transaction (with its job on the job queue) so it
 * goes out only if the change commits.
 */
export function notifyInTransaction(
  tx: Prisma.TransactionClient,
  kind: Kind,
  to: { id: string; email: string; locale: Locale },
  values: { name: string } & Record<string, string>,
  link: string,
): Promise<Notified> {
  return notify(tx, to.id, { mail: composeAccountMail(kind, to.email, to.locale, values, link), link });
}
