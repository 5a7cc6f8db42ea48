import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { WrenchIcon } from "@/components/ui/wrench-icon";
import { guardPage } from "@/features/accounts/server/guards";
import { HoursFreshnessPanel } from "@/features/hours/components/hours-freshness";
import { LiveStatusPanel } from "@/features/hours/components/live-status-panel";
import { ownHoursFreshness } from "@/features/hours/server/hours-freshness";
import { DeleteStationButton } from "@/features/listings/components/delete-station-button";
import { listOwnStations } from "@/features/listings/server/listings";
import { VisitCodeButton } from "@/features/reviews/components/visit-code-button";
import { StatsPanel } from "@/features/stats/components/stats-panel";
import { getServiceStats } from "@/features/stats/server/service-stats";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata("Listing.myStationsTitle");

export default async function MyStationsPage({ params }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const viewer = await guardPage("stationOwner", "/mystos", locale);
  const [t, stations] = await Promise.all([getTranslations("Listing"), listOwnStations(viewer)]);
  // An unpaid draft is in no directory yet: nothing to count, confirm or hand out codes for.
  const paid = stations.filter((station) => station.ispaid);
  const [freshness, stats] = await Promise.all([
    ownHoursFreshness(
      viewer,
      paid.map((station) => station._id),
    ),
    Promise.all(paid.map((station) => getServiceStats(viewer, station._id))),
  ]);
  const statsOf = new Map(paid.map((station, index) => [station._id, stats[index]!]));
  return (
    <ClientMessages route="mystos">
      <section aria-labelledby="mystos-title" className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="mystos-title" className="text-2xl font-bold">
            {t("myStationsTitle")}
          </h1>
          <Link
            href="/addservice"
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            {t("addAnother")}
          </Link>
        </div>
        {stations.length === 0 ? (
          <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("noStations")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {stations.map((station) => (
              <li key={station._id} className="flex flex-wrap items-center gap-4 p-4">
                {station.image ? (
                  // eslint-disable-next-line @next/next/no-img-element -- our own immutable upload
                  <img
                    src={station.image}
                    alt=""
                    width={56}
                    height={56}
                    className="size-14 rounded-full object-cover"
                  />
                ) : (
                  <span aria-hidden className="grid size-14 place-items-center rounded-full bg-brand-50">
                    <WrenchIcon className="size-7 text-brand-600" />
                  </span>
                )}
                {station.ispaid ? (
                  <>
                    <div className="min-w-0 flex-1 basis-48">
                      <Link href={`/service/${station._id}`} className="font-semibold text-brand-700 hover:underline">
                        {station.name}
                      </Link>
                      <p className="truncate text-sm text-slate-600">{station.address}</p>
                    </div>
                    <div className="flex gap-2">
                      <Link
                        href={`/mystos/${station._id}/edit`}
                        className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
                      >
                        {t("editStation")}
                      </Link>
                      <DeleteStationButton id={station._id} name={station.name} />
                    </div>
                    <LiveStatusPanel serviceId={station._id} initial={station.liveStatus} timeZone={station.timeZone} />
                    <HoursFreshnessPanel serviceId={station._id} freshness={freshness.get(station._id)!} />
                    <StatsPanel stats={statsOf.get(station._id)!} />
                    <VisitCodeButton serviceId={station._id} />
                  </>
                ) : (
                  <>
                    {/* The order waiting for its payment (one per user): /placeorder and /addservice open it. */}
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="font-semibold break-words">{station.name}</p>
                      <p className="truncate text-sm text-slate-600">{station.address}</p>
                      <p className="mt-1 text-sm">
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
                          {t("draft")}
                        </span>{" "}
                        <span className="text-slate-600">{t("draftHint")}</span>
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Link
                        href="/placeorder"
                        aria-label={t("payDraftLabel", { name: station.name })}
                        className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
                      >
                        {t("payDraft")}
                      </Link>
                      <Link
                        href="/addservice"
                        aria-label={t("editDraftLabel", { name: station.name })}
                        className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
                      >
                        {t("editStation")}
                      </Link>
                      <DeleteStationButton id={station._id} name={station.name} />
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </ClientMessages>
  );
}
