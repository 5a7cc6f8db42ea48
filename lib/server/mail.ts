import "server-only";
import { Resend } from "resend";
import { getPrisma } from "./db";

/**
 * Every mail is written to the outbox first, then sent: through Resend when RESEND_API_KEY is
 * set (RESEND_BASE_URL points the SDK at a fake in tests), otherwise printed to the server log so
 * a developer can follow the link, and readable at /dev/outbox outside production.
 */
export type Mail = { to: string; subject: string; text: string; html: string; locale: "en" | "uk"; kind: string };

/** Stores the mail and waits for its delivery (the outbox keeps the outcome either way). */
export async function sendMail(mail: Mail): Promise<void> {
  await deliver(await store(mail));
}

/**
 * Stores the mail and delivers it after the caller has answered, for answers whose timing must not
 * depend on whether a mail was sent (password reset, sign-up). The outbox row is written before
 * the answer, so a delivery that fails is still on record.
 */
export async function queueMail(mail: Mail): Promise<void> {
  const stored = await store(mail);
  void deliver(stored).catch((error) => console.error(`[mail] delivery of ${stored.id} failed`, error));
}

async function store(mail: Mail): Promise<Stored> {
  const prisma = await getPrisma();
  const { id } = await prisma.mailOutbox.create({ data: { ...mail }, select: { id: true } });
  return { id, mail };
}

type Stored = { id: string; mail: Mail };

async function deliver({ id, mail }: Stored): Promise<void> {
  const prisma = await getPrisma();
  const key = process.env.RESEND_API_KEY;
  if (!key) {
    console.info(`[mail] (dev outbox) to ${mail.to}: ${mail.subject}\n${mail.text}`);
    return;
  }
  try {
    const resend = new Resend(key);
    const { data, error } = await resend.emails.send({
      from: process.env.MAIL_FROM ?? "Maister <no-reply@maister.local>",
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    if (error) throw new Error(error.message);
    await prisma.mailOutbox.update({ where: { id }, data: { status: "sent", providerId: data?.id ?? null, sentAt: new Date() } });
  } catch (error) {
    // The account action still succeeds; the failed mail stays in the outbox with its error.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[mail] sending to ${mail.to} failed: ${message}`);
    await prisma.mailOutbox.update({ where: { id }, data: { status: "failed", error: message.slice(0, 500) } });
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Latest mails for the dev outbox page. */
export async function latestMails(limit = 50) {
  const prisma = await getPrisma();
  return prisma.mailOutbox.findMany({ orderBy: { createdAt: "desc" }, take: limit });
}
