import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";

import { env } from "@/lib/env";
import { latestMails } from "@/lib/mail/outbox";

export const dynamic = "force-dynamic";

/**
 * The dev outbox: mails the app would have sent, readable without a mail account. 404 in
 * production unless MAIL_DEV_OUTBOX=true (the end-to-end server sets it to read confirmation links).
 */
export default async function DevOutboxPage() {
  if (env.NODE_ENV === "production" && !env.MAIL_DEV_OUTBOX) notFound();
  const t = await getTranslations("DevOutbox");
  const mails = await latestMails();
  return (
    <section aria-labelledby="outbox-title" className="space-y-4">
      <h1 id="outbox-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      {mails.length === 0 ? <p className="text-slate-600">{t("empty")}</p> : null}
      <ol className="space-y-3">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-500">
              {mail.createdAt.toISOString()} · {mail.to} · {mail.status}
            </p>
            <h2 className="font-semibold">{mail.subject}</h2>
            <pre className="mt-2 text-sm break-all whitespace-pre-wrap">{mail.text}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
