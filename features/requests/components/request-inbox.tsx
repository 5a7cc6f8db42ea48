import { useFormatter, useTranslations } from "next-intl";

import { shownKm } from "@/domain/service/distance";
import { telHref } from "@/domain/service/outside-links";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { Link } from "@/i18n/navigation";
import { displayPhone } from "@/lib/phone";

import type { InboxItem, InboxPage } from "../answers";
import { BookingPanel } from "../booking/components/booking-panel";
import { CalendarLink } from "../booking/components/calendar-link";
import { JobPanel } from "../job/components/job-panel";
import type { InboxTab } from "../rules";
import { AnswerPanel } from "./answer-form";
import { CancelRequest } from "./cancel-request";
import {
  RequestFacts,
  RequestPhotos,
  TargetStatusBadge,
  useJobLabel,
  usePriceLabel,
  useSlotLabel,
  useTimeLeft,
} from "./request-bits";
import { ThreadPanel } from "./request-thread";

const TAB =
  "inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white";

/**
 * /requests/inbox: what drivers asked the viewer's services (a station's owner, a master), New
 * (waiting for an answer, still open) or All; each with the job, the car, when, the photos, how
 * far the driver is and the time left, and the answer form. The driver's name, e-mail and phone
 * (with a Call button) appear only once they chose this service; the others read how it ended.
 */
export function RequestInbox({
  tab,
  single = false,
  result,
  today,
  provider,
}: {
  tab: InboxTab;
  /** One request only (from a mail's link): said so, with the way to all of them. */
  single?: boolean;
  result: InboxPage;
  today: string;
  /** The viewer owns a station or is a master: someone requests can come to. */
  provider: boolean;
}) {
  const t = useTranslations("RequestInbox");
  return (
    <section aria-labelledby="inbox-title" className="space-y-5">
      <div>
        <h1 id="inbox-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="text-sm text-slate-600">{t("intro")}</p>
        {provider ? <CalendarLink /> : null}
      </div>
      <nav aria-label={t("tabsLabel")} className="flex gap-2 rounded-xl bg-slate-100 p-1 sm:inline-flex">
        {(["new", "all"] as const).map((name) => (
          <Link
            key={name}
            href={name === "new" ? "/requests/inbox" : { pathname: "/requests/inbox", query: { status: name } }}
            aria-current={tab === name ? "page" : undefined}
            className={`${TAB} flex-1 justify-center sm:flex-none`}
          >
            {t("tab", { tab: name })}
          </Link>
        ))}
      </nav>
      {single ? (
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700">
          {t("singleNote")}
          <Link
            href={{ pathname: "/requests/inbox", query: { status: "all" } }}
            className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          >
            {t("singleShowAll")}
          </Link>
        </p>
      ) : null}
      {result.items.length === 0 ? (
        <p className="rounded-xl bg-slate-100 p-5 text-slate-800">
          {!provider ? t("notProvider") : tab === "new" ? t("emptyNew") : t("emptyAll")}
        </p>
      ) : (
        <ul className="space-y-4">
          {result.items.map((item) => (
            <li key={item.targetId}>
              <InboxEntry item={item} today={today} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InboxEntry({ item, today }: { item: InboxItem; today: string }) {
  const t = useTranslations("RequestInbox");
  const tt = useTranslations("RequestThread");
  const format = useFormatter();
  const jobLabel = useJobLabel();
  const timeLeft = useTimeLeft();
  const job = jobLabel(item.job, item.description);
  const open = item.requestStatus === "open";
  const left = open ? timeLeft(item.expiresAt) : null;
  const headingId = `inbox-${item.targetId}`;
  const waiting = item.status === "sent" && open;
  return (
    <article
      aria-labelledby={headingId}
      className={`space-y-3 rounded-xl border bg-white p-4 ${
        item.urgent ? "border-2 border-red-600 shadow-sm" : waiting ? "border-amber-300 shadow-sm" : "border-slate-200"
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {job}
          </h2>
          <p className="text-sm text-slate-600">{t("forService", { name: item.serviceName })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* A driver stuck now: said in words, not only by the red border. */}
          {item.urgent ? (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
              {t("urgent")}
            </span>
          ) : null}
          <TargetStatusBadge status={item.status} side="service" />
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <time dateTime={item.createdAt}>
          {t("received", {
            date: format.dateTime(new Date(item.createdAt), {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: DEFAULT_TIME_ZONE,
            }),
          })}
        </time>
        {/* How far the driver is; a request without their point has no distance. */}
        {item.distanceKm !== null ? <span>{t("distance", { km: shownKm(item.distanceKm) })}</span> : null}
        {waiting && left ? <span className="font-semibold text-amber-900">{t("timeLeft", { time: left })}</span> : null}
      </p>
      <RequestFacts
        request={item}
        labels={{ car: t("car"), when: t("when"), description: t("description") }}
        className="grid gap-2 text-sm sm:grid-cols-2"
      />
      <RequestPhotos images={item.images} label={t("photo")} />
      <InboxOutcome item={item} today={today} job={job} />
      <ThreadPanel
        requestId={item._id}
        serviceId={item.serviceId}
        serviceName={item.serviceName}
        title={tt("withDriver")}
      />
    </article>
  );
}

/** What the service can still do, or how the request ended for it. */
function InboxOutcome({ item, today, job }: { item: InboxItem; today: string; job: string }) {
  const t = useTranslations("RequestInbox");
  const open = item.requestStatus === "open";
  if (item.status === "sent")
    return open ? (
      <AnswerPanel requestId={item._id} serviceId={item.serviceId} today={today} job={job} />
    ) : (
      <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{t("closedUnanswered")}</p>
    );
  return (
    <div className="space-y-3">
      {item.answer ? <OwnAnswer item={item} /> : null}
      {item.status === "chosen" && item.driver ? (
        <section
          aria-label={t("chosenTitle")}
          className="space-y-2 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4"
        >
          <h3 className="font-semibold">{t("chosenTitle")}</h3>
          <p className="text-sm break-words">
            <span className="font-medium">{item.driver.name}</span> ·{" "}
            <a href={`mailto:${item.driver.email}`} className="text-brand-700 underline">
              {item.driver.email}
            </a>
            {item.driver.phone ? <> · {displayPhone(item.driver.phone)}</> : null}
          </p>
          {item.driver.phone ? (
            <a
              href={telHref(item.driver.phone)}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-emerald-700 px-4 font-medium text-white hover:bg-emerald-800"
            >
              <span aria-hidden>☎</span> {t("callDriver")}
            </a>
          ) : null}
          <p className="text-sm text-emerald-950">{t("chosenHint")}</p>
          <BookingPanel requestId={item._id} />
          <JobPanel requestId={item._id} />
          {item.requestStatus === "accepted" && !item.jobStatus ? (
            <CancelRequest
              url={`/api/requests/${item._id}/cancel`}
              serviceId={item.serviceId}
              tone="quiet"
              texts={{
                open: t("cancelTitle"),
                reasonLabel: t("cancelReason"),
                submit: t("cancelSubmit"),
                done: t("cancelled"),
              }}
            />
          ) : null}
        </section>
      ) : null}
      {item.status === "passed" ? (
        <p className="text-sm text-slate-700">{t("passedNote")}</p>
      ) : item.status === "cancelled" || item.requestStatus === "cancelled" ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {t("cancelledNote")}
          {item.closeReason ? <span className="break-words"> {t("reason", { reason: item.closeReason })}</span> : null}
        </p>
      ) : item.requestStatus === "expired" ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{t("expiredNote")}</p>
      ) : null}
    </div>
  );
}

function OwnAnswer({ item }: { item: InboxItem }) {
  const t = useTranslations("RequestInbox");
  const priceLabel = usePriceLabel();
  const slotLabel = useSlotLabel();
  const answer = item.answer!;
  if (answer.decline)
    return (
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p className="font-medium">{t("youDeclined")}</p>
        {answer.message ? <p className="mt-1 break-words whitespace-pre-line">{answer.message}</p> : null}
      </div>
    );
  const price = priceLabel(answer);
  const slot = slotLabel(answer);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <h3 className="font-semibold">{t("yourAnswer")}</h3>
      <dl className="mt-1 space-y-1">
        {price ? (
          <div className="flex gap-2">
            <dt className="text-slate-500">{t("priceShort")}:</dt>
            <dd className="font-semibold">{price}</dd>
          </div>
        ) : null}
        {slot ? (
          <div className="flex gap-2">
            <dt className="text-slate-500">{t("timeShort")}:</dt>
            <dd>{slot}</dd>
          </div>
        ) : null}
      </dl>
      {answer.message ? <p className="mt-1 break-words whitespace-pre-line text-slate-800">{answer.message}</p> : null}
    </div>
  );
}
