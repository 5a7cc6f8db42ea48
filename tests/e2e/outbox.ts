import type { APIRequestContext } from "@playwright/test";

/** A mail as the dev outbox page shows it: the address, the subject and the plain text. */
export type OutboxMail = { to: string; subject: string; text: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** The text of a piece of React's HTML: no tags, no text-node markers, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);
}

/**
 * The mails the e2e server would have sent (MAIL_DEV_OUTBOX: /dev/outbox lists the newest 50,
 * newest first), those to `to` when given. A mail is written in the transaction of the change it
 * reports, so it is there as soon as the change is.
 */
export async function outboxMails(request: APIRequestContext, to?: string): Promise<OutboxMail[]> {
  const html = await (await request.get("/dev/outbox")).text();
  const mails = [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].flatMap(([, item]) => {
    const meta = /<p[^>]*>([\s\S]*?)<\/p>/.exec(item!)?.[1];
    const subject = /<h2[^>]*>([\s\S]*?)<\/h2>/.exec(item!)?.[1];
    const text = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(item!)?.[1];
    if (meta === undefined || subject === undefined || text === undefined) return [];
    // "2026-11-26T09:00:00.000Z · someone@example.com · sent"
    const address = textOf(meta).split(" · ")[1]?.trim() ?? "";
    return [{ to: address, subject: textOf(subject), text: textOf(text) }];
  });
  return to === undefined ? mails : mails.filter((mail) => mail.to === to);
}
