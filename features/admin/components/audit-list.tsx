import { getFormatter, getMessages, getTranslations } from "next-intl/server";

import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { AuditEntry } from "@/features/admin/server/admin";
import { isMessageKey } from "@/i18n/message-key";

/** Admins work on Kyiv time; the zone is named next to each time, so nobody reads it as UTC. */
const ADMIN_TIME_ZONE = DEFAULT_TIME_ZONE;
const zoneName = (iso: string) =>
  new Intl.DateTimeFormat("en", { timeZone: ADMIN_TIME_ZONE, timeZoneName: "short" })
    .formatToParts(new Date(iso))
    .find((part) => part.type === "timeZoneName")?.value ?? "";

/** The last admin actions on a user or service (who, what, when). */
export async function AuditList({ entries }: { entries: AuditEntry[] }) {
  const [t, tr, messages, format] = await Promise.all([
    getTranslations("Admin"),
    getTranslations(),
    getMessages(),
    getFormatter(),
  ]);
  // Stored actions are codes ("user.block"); older or unknown ones are shown as stored.
  const actionName = (action: string) => {
    const key = `AuditActions.${action.replace(".", "_")}`;
    return isMessageKey(messages, key) ? tr(key) : action;
  };
  return (
    <section aria-labelledby="audit-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="audit-title" className="font-semibold">
        {t("history")}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("noHistory")}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {entries.map((entry) => (
            <li key={entry._id} className="flex flex-wrap gap-x-2">
              <time dateTime={entry.createdAt} className="text-slate-500">
                {format.dateTime(new Date(entry.createdAt), {
                  dateStyle: "short",
                  timeStyle: "short",
                  timeZone: ADMIN_TIME_ZONE,
                })}{" "}
                {zoneName(entry.createdAt)}
              </time>
              <span className="font-medium text-slate-800">{actionName(entry.action)}</span>
              {entry.actor ? <span className="text-slate-600">{t("by", { name: entry.actor })}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
