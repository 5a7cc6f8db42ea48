import type { Metadata } from "next";
import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";

import { ClientMessages } from "@/app/_shell/client-messages";
import { localClock, weekdayIn } from "@/domain/service/clock";
import { CallLink, ViberLink } from "@/domain/service/components/contact-links";
import { directionsUrl, telegramHref } from "@/domain/service/outside-links";
import { forThisVisitor } from "@/features/accounts/server/session";
import { BackToList } from "@/features/catalog/components/back-to-list";
import { ContactsToggle, type Contacts } from "@/features/catalog/components/contacts-toggle";
import { ServiceGallery } from "@/features/catalog/components/gallery";
import { ServiceJsonLd } from "@/features/catalog/components/json-ld-script";
import { ServiceLocation } from "@/features/catalog/components/service-location";
import { getPublicService } from "@/features/catalog/server/detail";
import { ClaimPanel } from "@/features/claims/components/claim-panel";
import { claimVisitorOf } from "@/features/claims/rules";
import { HoursReport } from "@/features/hours/components/hours-report";
import { HoursUnknown } from "@/features/hours/components/hours-unknown";
import { OpeningBadge } from "@/features/hours/components/opening-status";
import { SpecialDates } from "@/features/hours/components/special-dates";
import { WeeklyTimetable } from "@/features/hours/components/weekly-timetable";
import { badgeStatus } from "@/features/hours/live-status";
import { OsmLabel } from "@/features/osm/components/osm-label";
import { OsmNotice } from "@/features/osm/components/osm-notice";
import { PriceList } from "@/features/prices/components/price-list";
import { AskPriceButton } from "@/features/requests/components/ask-price-button";
import { JobFigures } from "@/features/requests/components/job-figures";
import { ResponseFigures } from "@/features/requests/components/response-figures";
import { jobFigures } from "@/features/requests/server/job-figures";
import { ReviewList } from "@/features/reviews/components/review-list";
import { StarRating } from "@/features/reviews/components/star-rating";
import { SubRatings } from "@/features/reviews/components/sub-ratings";
import { reviewerView } from "@/features/reviews/server/reviews";
import { AddToSaved } from "@/features/saved/components/add-to-saved";
import { TrackView } from "@/features/stats/components/track-events";
import { toLocale } from "@/i18n/locale";
import { getPathname } from "@/i18n/navigation";
import { NotFoundError } from "@/lib/http/errors";
import { alternatesFor, appUrl } from "@/lib/site";
import { langOfText } from "@/lib/text-language";

type Props = { params: Promise<{ locale: string; id: string }> };

async function load(id: string) {
  try {
    return await getPublicService(id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: segment, id } = await params;
  const locale = toLocale(segment);
  const service = await load(id);
  const description = (service.description || service.address).slice(0, 160);
  return {
    title: service.name,
    description,
    alternates: alternatesFor(`/service/${id}`, locale),
    openGraph: { title: service.name, description, images: service.image ? [service.image] : undefined },
  };
}

export default async function ServicePage({ params }: Props) {
  const { locale: segment, id } = await params;
  const locale = toLocale(segment);
  setRequestLocale(locale);
  // Taken before the service is read, so the status it carries was computed no earlier.
  const renderedAt = new Date().toISOString();
  const [service, t, ts, tc, tf, to, format, reviewer, jobs] = await Promise.all([
    load(id),
    getTranslations("ServiceDetail"),
    getTranslations("Services"),
    getTranslations("Categories"),
    getTranslations("HoursFreshness"),
    getTranslations("Osm"),
    getFormatter(),
    forThisVisitor((viewer) => reviewerView(viewer, id)),
    // After load(): an id that is no service is a 404 before this is read.
    load(id).then((found) => jobFigures(found._id)),
  ]);
  // Its owner gets their own box from the first paint; known only when rendered for this visitor.
  const claimVisitor = await forThisVisitor((viewer) => claimVisitorOf(viewer?.id ?? null, service.user));
  const today = weekdayIn(new Date(), service.timeZone);
  const experience =
    service.experience >= 21 ? t("experienceMore") : t("experienceYears", { years: service.experience });

  return (
    <ClientMessages route="service/[id]">
      <article className="space-y-8">
        <TrackView serviceId={service._id} />
        <ServiceJsonLd
          service={service}
          url={`${appUrl()}${getPathname({ href: `/service/${id}`, locale })}`}
          origin={appUrl()}
        />
        <BackToList serviceId={service._id} />

        <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          {service.images.length ? (
            <ServiceGallery images={service.images} name={service.name} />
          ) : (
            <div className="grid aspect-[4/3] place-items-center rounded-xl bg-slate-100 text-slate-500">
              {ts("noImage")}
            </div>
          )}
          <div className="space-y-4">
            <p
              className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
              title={service.role === "sto" ? ts("tooltipSto") : ts("tooltipMechanic")}
            >
              {service.role === "sto" ? ts("roleSto") : ts("roleMechanic")}
            </p>
            <h1 className="text-3xl font-bold">{service.name}</h1>
            <StarRating
              value={service.rating.avg}
              label={ts("rating", { value: service.rating.avg.toFixed(1) })}
              suffix={
                service.fullReviews < service.numReviews
                  ? ts("reviewsCounted", { count: service.numReviews, full: service.fullReviews })
                  : ts("reviews", { count: service.numReviews })
              }
            />
            {service.numReviews > 0 ? <SubRatings rating={service.rating} /> : null}
            <ResponseFigures figures={service} />
            <JobFigures figures={jobs} />
            <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
              <OpeningBadge
                status={badgeStatus(service)}
                timeZone={service.timeZone}
                renderedAt={renderedAt}
                className="px-2.5 py-1"
              />
              {service.claimed ? null : <OsmLabel className="px-2.5 py-1" />}
              <span
                className={
                  service.isOnTheGo
                    ? "rounded-full bg-amber-100 px-2.5 py-1 text-amber-900"
                    : "rounded-full bg-slate-100 px-2.5 py-1 text-slate-600"
                }
              >
                <span aria-hidden>{service.isOnTheGo ? "✔ " : "✖ "}</span>
                {service.isOnTheGo ? t("onTheRoad") : t("notOnTheRoad")}
              </span>
            </div>
            {service.paymentMethods.length || service.cashOnlyInOutage ? (
              <p className="text-sm text-slate-700">
                {service.paymentMethods.length
                  ? t("payment", {
                      methods: format.list(
                        service.paymentMethods.map((method) => t("paymentMethod", { method })),
                        { type: "conjunction" },
                      ),
                    })
                  : null}
                {service.cashOnlyInOutage ? (
                  <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                    {t("cashOnlyInOutage")}
                  </span>
                ) : null}
              </p>
            ) : null}
            {service.liveStatus?.note ? (
              <p
                lang={langOfText(service.liveStatus.note, locale)}
                className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
              >
                {service.liveStatus.note}
              </p>
            ) : null}
            <p>
              <a
                href={directionsUrl(service.coordinates.lat, service.coordinates.lng)}
                target="_blank"
                rel="noopener noreferrer"
                data-track="directions"
                data-track-service={service._id}
                className="text-brand-700 underline"
                aria-label={t("directions", { address: service.address })}
              >
                {service.address}
              </a>
            </p>
            {/*
              Spans, not list items: React 19.3's flight data cuts a long row at a size limit, and where
              the cut lands the HTML streams that part in a hidden <div> moved into place later; an
              <li> there is invalid HTML (the Nu checker in tests/e2e/html-validity.spec.ts caught it
              on this line on PostgreSQL).
            */}
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
              <span>{t("category", { category: tc(service.category as Parameters<typeof tc>[0]) })}</span>
              {service.brand !== "Any" ? <span>{t("brand", { brand: service.brand })}</span> : null}
              {/* Experience is the owner's word; an imported place has none. */}
              {service.claimed ? <span>{t("experience", { years: experience })}</span> : null}
            </p>
            {service.workKinds.length ? (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-slate-600">{to("workKinds")}:</span>
                {service.workKinds.map((kind) => (
                  <span key={kind} className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-800">
                    {to("workKind", { kind })}
                  </span>
                ))}
              </p>
            ) : null}
            <div className="flex flex-wrap items-start gap-3">
              {service.contactPhone1 ? (
                <CallLink
                  phone={service.contactPhone1}
                  serviceId={service._id}
                  label={t("call")}
                  className="inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800"
                />
              ) : null}
              {service.viber ? (
                <ViberLink
                  number={service.viber}
                  serviceId={service._id}
                  name={t("viberLabel", { name: service.name })}
                  label={t("viber")}
                  className="inline-flex items-center gap-2 rounded-lg bg-violet-700 px-4 py-2 font-medium text-white hover:bg-violet-800"
                />
              ) : null}
              {service.telegram ? (
                <a
                  href={telegramHref(service.telegram)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("telegramLabel", { name: service.name })}
                  data-track="messenger"
                  data-track-service={service._id}
                  className="inline-flex items-center gap-2 rounded-lg bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800"
                >
                  {t("telegram")}
                </a>
              ) : null}
              {/* Only someone who owns the listing can answer: an unclaimed imported place has nobody. */}
              {service.claimed && service.user ? <AskPriceButton serviceId={service._id} reviewer={reviewer} /> : null}
              <AddToSaved
                label={t("save")}
                item={{
                  _id: service._id,
                  name: service.name,
                  image: service.image,
                  address: service.address,
                  coordinates: service.coordinates,
                  contactPhone1: service.contactPhone1,
                  contactPhone2: service.contactPhone2,
                  contactMail: service.contactMail,
                }}
              />
              <ContactsToggle contacts={contactsOf(service)} />
            </div>
          </div>
        </div>
        {/* Below the name and the call button: who a place is comes first, where its details come from next. */}
        {service.claimed ? null : <OsmNotice osm={service.osm} />}
        {service.role === "sto" ? (
          <ClaimPanel serviceId={service._id} claimed={service.claimed} visitor={claimVisitor} />
        ) : null}

        {service.description ? (
          <section aria-labelledby="about">
            <h2 id="about" className="text-xl font-semibold">
              {t("description")}
            </h2>
            <p lang={langOfText(service.description, locale)} className="mt-2 whitespace-pre-line text-slate-700">
              {service.description}
            </p>
          </section>
        ) : null}

        <div className="grid gap-8 md:grid-cols-2">
          <section aria-labelledby="hours">
            <h2 id="hours" className="text-xl font-semibold">
              {t("timetable")}
            </h2>
            {service.hoursKnown ? (
              <>
                <p className="mb-2 text-sm text-slate-500">
                  {t("timeZoneNote", { zone: timeZoneName(service.timeZone, locale) })}
                </p>
                <WeeklyTimetable timetable={service.timetable} today={today} />
              </>
            ) : (
              <HoursUnknown hoursText={service.hoursText} />
            )}
            <SpecialDates
              entries={service.specialHours}
              today={localClock(new Date(renderedAt), service.timeZone).date}
            />
            {/* Only an owner confirms hours: an unclaimed place's were never confirmed by anyone. */}
            {service.claimed ? (
              <p className="mt-3 text-sm text-slate-500">
                {tf("confirmed", {
                  ago: format.relativeTime(new Date(service.hoursConfirmedAt), new Date(renderedAt)),
                })}
              </p>
            ) : null}
            <HoursReport serviceId={service._id} />
            <div className="mt-8">
              <PriceList prices={service.prices} paid={service.paidMedians} />
            </div>
          </section>

          <section aria-labelledby="location">
            <h2 id="location" className="mb-3 text-xl font-semibold">
              {t("location")}
            </h2>
            <ServiceLocation name={service.name} role={service.role} point={service.coordinates} />
          </section>
        </div>

        <section aria-labelledby="reviews">
          <h2 id="reviews" className="text-xl font-semibold">
            {t("reviews")}
          </h2>
          <ReviewList service={service} reviewer={reviewer} />
        </section>
      </article>
    </ClientMessages>
  );
}

/** "Eastern European Time" / "за східноєвропейським часом" rather than the raw IANA code. */
function timeZoneName(timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" }).formatToParts(new Date());
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/** Only the contacts: handed the whole service, the page's flight data carried its reviews, hours and prices again (~3 KB). */
function contactsOf({ contactPhone1, contactPhone2, website, facebook, instagram, contactMail }: Contacts): Contacts {
  return { contactPhone1, contactPhone2, website, facebook, instagram, contactMail };
}
