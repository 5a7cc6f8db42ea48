import type { Locale } from "next-intl";
import { getTranslations } from "next-intl/server";

import { ActionButton } from "@/components/ui/action-button";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { Viewer } from "@/features/accounts/server/session";
import type { OsmRunView } from "@/features/osm/answers";
import { lastRunForAdmin, listOsmLinks } from "@/features/osm/server/admin-osm";
import { DATE_LOCALES } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";

import { OsmLinkForm } from "./osm-link-form";

const STATUS_STYLE: Record<OsmRunView["status"], string> = {
  running: "bg-brand-50 text-brand-800",
  succeeded: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
  refused: "bg-amber-100 text-amber-900",
};

const COUNTS = [
  ["elements", "osmElements"],
  ["added", "osmAdded"],
  ["updated", "osmUpdated"],
  ["unchanged", "osmUnchanged"],
  ["hidden", "osmHidden"],
  ["restored", "osmRestored"],
  ["linked", "osmLinked"],
  ["skipped", "osmSkipped"],
] as const;

/** /admin/osm: the last import run with a button to start one now, then the linked duplicates. */
export async function OsmPanel({ viewer, locale }: { viewer: Viewer; locale: Locale }) {
  const t = await getTranslations("Admin");
  const [{ run }, { places }] = await Promise.all([lastRunForAdmin(viewer), listOsmLinks(viewer)]);
  const when = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: DEFAULT_TIME_ZONE,
  });
  const time = (iso: string) => <time dateTime={iso}>{when.format(new Date(iso))}</time>;
  return (
    <div className="space-y-10">
      <section aria-labelledby="osm-run-title" className="space-y-3">
        <h1 id="osm-run-title" className="text-2xl font-semibold">
          {t("osmTitle")}
        </h1>
        <p className="max-w-3xl text-sm text-slate-600">{t("osmText")}</p>
        <ActionButton
          url="/api/items/admin/osm-import"
          method="POST"
          success={t("osmImportStarted")}
          busyLabel={t("osmStarting")}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t("osmRunNow")}
        </ActionButton>
        <h2 className="pt-2 text-lg font-semibold">{t("osmLastRun")}</h2>
        {!run ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("osmNoRun")}</p>
        ) : (
          <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <span className={`rounded-full px-2.5 py-0.5 font-medium ${STATUS_STYLE[run.status]}`}>
                {t("osmStatus", { status: run.status })}
              </span>
              <span>{t("osmTrigger", { trigger: run.trigger })}</span>
              <span className="text-slate-600">
                {t("osmStarted")}: {time(run.startedAt)}
              </span>
              {run.finishedAt && (
                <span className="text-slate-600">
                  {t("osmFinished")}: {time(run.finishedAt)}
                </span>
              )}
              <span className="min-w-0 break-all text-slate-600">
                {t("osmSource")}: {run.origin}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {COUNTS.map(([field, label]) => (
                <div key={field} className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs text-slate-600">{t(label)}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{run[field]}</dd>
                </div>
              ))}
            </dl>
            {run.status === "refused" ? (
              <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm break-words text-amber-900">
                {t("osmRefused", { elements: run.elements, seenBefore: run.seenBefore ?? 0 })}
              </p>
            ) : (
              run.error && (
                <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm break-words text-red-800">
                  <span className="font-medium">{t("osmError")}:</span> {run.error}
                </p>
              )
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="osm-links-title" className="space-y-3">
        <h2 id="osm-links-title" className="text-xl font-semibold">
          {t("osmLinksTitle")}
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">{t("osmLinksText")}</p>
        {places.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("osmLinksEmpty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {places.map((place) => (
              <li key={place.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-semibold">
                    {place.serviceId ? (
                      <Link href={`/service/${place.serviceId}`} className="text-brand-700 hover:underline">
                        {place.name}
                      </Link>
                    ) : (
                      place.name
                    )}{" "}
                    <a
                      href={`https://www.openstreetmap.org/${place.osm}`}
                      className="text-xs font-normal text-slate-600 underline"
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {t("osmOnOsm")} ({place.osm})
                    </a>
                  </p>
                  {place.duplicateOf && (
                    <p className="text-slate-700">
                      {t("osmSameAs")}{" "}
                      <Link href={`/service/${place.duplicateOf.id}`} className="text-brand-700 underline">
                        {place.duplicateOf.name}
                      </Link>
                      , {place.duplicateOf.address}
                    </p>
                  )}
                  <p className="text-xs text-slate-500">
                    {place.linkDecision === "separate"
                      ? t("osmSeparatedByAdmin")
                      : place.linkDecision === "linked"
                        ? t("osmLinkedByAdmin")
                        : t("osmLinkedAutomatically")}
                  </p>
                </div>
                {place.duplicateOf ? (
                  <ActionButton
                    url={`/api/items/admin/osm-places/${place.id}`}
                    method="PUT"
                    body={{ link: null }}
                    className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-60"
                  >
                    {t("osmSeparate")}
                  </ActionButton>
                ) : (
                  <OsmLinkForm placeId={place.id} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
