import "server-only";

import { createTranslator } from "next-intl";

import type { Viewer } from "@/features/accounts/server/session";
import { feedbackInput } from "@/features/feedback/schema";
import { MESSAGES } from "@/i18n/messages";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { parseOrThrow } from "@/lib/http/validate";
import { escapeHtml, sendMail } from "@/lib/mail/outbox";
import { take } from "@/lib/security/rate-limit";

/** Public call (spec §6): stored, then mailed to the site address; limited per client address. */
export async function submitFeedback(viewer: Viewer | null, body: unknown, ip: string): Promise<{ message: string }> {
  const input = parseOrThrow(feedbackInput, body);
  await take("feedback", ip);
  const prisma = await getPrisma();
  await prisma.feedback.create({
    data: { title: input.title, message: input.message, email: input.email, userId: viewer?.id ?? null },
  });
  const text = `${input.message}\n\n— ${input.email}`;
  await sendMail({
    to: env.FEEDBACK_TO,
    subject: createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "Mail" })("feedbackSubject", {
      title: input.title,
    }),
    text,
    html: `<p>${escapeHtml(input.message).replace(/\n/g, "<br>")}</p><p>— ${escapeHtml(input.email)}</p>`,
    locale: "en",
    kind: "feedback",
  });
  return { message: "Feedback.thanks" };
}
