import { useFormatter, useTranslations } from "next-intl";

import { ActionButton } from "@/components/ui/action-button";
import { CallLink } from "@/domain/service/components/contact-links";
import { shownKm } from "@/domain/service/distance";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { PushOptIn } from "@/features/notifications/push/components/push-opt-in";
import { BookingPanel } from "@/features/requests/booking/components/booking-panel";
import { isRated } from "@/features/reviews/rating";
import { Link } from "@/i18n/navigation";
import { displayPhone } from "@/lib/phone";

import type { AdminRequestView, AnswerView, RequestServiceView, RequestView } from "../answers";
import { JobPanel } from "../job/components/job-panel";
import { responseDuration } from "../response-wording";
import { hoursOpen } from "../rules";
import { CancelRequest } from "./cancel-request";
import {
  RequestFacts,
  RequestPhotos,
  RequestStatusBadge,
  TargetStatusBadge,
  useJobLabel,
  usePriceLabel,
  useSlotLabel,
  useTimeLeft,
} from "./request-bits";
import { ThreadPanel } from "./request-thread";
import { ResponseFigureChip } from "./response-figures";

type Entry = { service: RequestServiceView; answer: AnswerView | null };

/** Offers first (cheapest first, then soonest), then those still waiting, then the declines. */
function ordered(request: Pick<RequestView, "answers" | "services">): Entry[] {
  const answerOf = new Map(request.answers.map((answer) => [answer.serviceId, answer]));
  const entries = request.services.map((service) => ({ service, answer: answerOf.get(service.serviceId) ?? null }));
  const rank = ({ answer }: Entry) => (!answer ? 1 : answer.decline ? 2 : 0);
  const price = ({ answer }: Entry) => answer?.price ?? answer?.priceFrom ?? Number.POSITIVE_INFINITY;
  return entries.sort((a, b) => rank(a) - rank(b) || price(a) - price(b));
}

/**
 * /requests/<id>: the driver's request and what each service answered, side by side (a row of
 * cards on a wide screen, one under another on a phone) to compare price, time, distance, rating
 * and how quickly each usually answers; Accept on each offer while the request is open; once one
 * is accepted, that service with its phone and the word that the driver pays the service directly.
 */
export function RequestDetail({ request }: { request: RequestView | AdminRequestView }) {
  const t = useTranslations("MyRequests");
  const tf = useTranslations("ResponseFigures");
  const tt = useTranslations("RequestThread");
  const format = useFormatter();
  const jobLabel = useJobLabel();
  const timeLeft = useTimeLeft();
  const entries = ordered(request);
  const offers = request.answers.filter((answer) => !answer.decline);
  const accepted = request.answers.find((answer) => answer._id === request.acceptedAnswerId) ?? null;
  const chosen = accepted ? request.services.find((service) => service.serviceId === accepted.serviceId) : undefined;
  const open = request.status === "open";
  // An administrator reads someone else's request (the driver named): nothing here is theirs to press.
  const asDriver = !("driver" in request);
  const driverPhone = "phone" in request ? request.phone : "";
  const left = open ? timeLeft(request.expiresAt) : null;
  const times = request.services
    .map((service) => service.responseTime)
    .filter((minutes): minutes is number => minutes !== null)
    .sort((a, b) => a - b);

  return (
    <article aria-labelledby="request-title" className="space-y-6">
      <Link
        href={asDriver ? "/requests" : "/admin/requests"}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <span aria-hidden>←</span> {asDriver ? t("back") : t("backAdmin")}
      </Link>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <RequestStatusBadge status={request.status} />
          {left ? <span className="text-sm text-slate-600">{t("openFor", { time: left })}</span> : null}
        </div>
        <h1 id="request-title" className="text-2xl font-bold break-words">
          {jobLabel(request.job, request.description)}
        </h1>
        {"driver" in request ? (
          <p className="text-sm break-words text-slate-700">
            {t("driver")}: {request.driver.name} ·{" "}
            <a href={`mailto:${request.driver.email}`} className="text-brand-700 underline">
              {request.driver.email}
            </a>
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          <time dateTime={request.createdAt}>
            {t("sentOn", {
              date: format.dateTime(new Date(request.createdAt), {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: DEFAULT_TIME_ZONE,
              }),
            })}
          </time>
        </p>
      </header>

      {asDriver ? <PushOptIn offerFor={request._id} /> : null}

      <section aria-label={t("detailsLabel")} className="rounded-xl border border-slate-200 bg-white p-4">
        <RequestFacts
          request={request}
          labels={{ car: t("car"), when: t("when"), description: t("description") }}
          className="grid gap-3 text-sm sm:grid-cols-2"
        />
        {request.images.length ? (
          <div className="mt-3">
            <RequestPhotos images={request.images} label={t("photo")} />
          </div>
        ) : null}
        {driverPhone ? (
          <p className="mt-3 text-sm text-slate-700">
            {chosen
              ? t("yourPhoneSent", { phone: displayPhone(driverPhone), name: chosen.name })
              : open
                ? t("yourPhone", { phone: displayPhone(driverPhone) })
                : t("yourPhoneKept", { phone: displayPhone(driverPhone) })}
          </p>
        ) : null}
      </section>

      {request.closedBy ? (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-800">
          {t("closedBy", { by: request.closedBy, hours: hoursOpen(request.createdAt, request.expiresAt) })}
          {request.closeReason ? (
            <>
              {" "}
              <span className="break-words">{t("reason", { reason: request.closeReason })}</span>
            </>
          ) : null}
        </p>
      ) : null}

      {accepted && chosen ? (
        <section
          aria-labelledby="chosen-title"
          className="space-y-3 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4"
        >
          <h2 id="chosen-title" className="text-lg font-semibold">
            {asDriver ? t("chosenTitle", { name: chosen.name }) : t("chosenBy", { name: chosen.name })}
          </h2>
          <AnswerFacts answer={accepted} />
          {asDriver ? <p className="text-sm text-emerald-950">{t("payDirectly")}</p> : null}
          <div className="flex flex-wrap gap-3">
            {chosen.phone ? (
              <CallLink
                phone={chosen.phone}
                serviceId={chosen.serviceId}
                label={t("call")}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-emerald-700 px-4 font-medium text-white hover:bg-emerald-800"
              />
            ) : null}
            <Link
              href={`/service/${chosen.serviceId}`}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-medium hover:bg-slate-50"
            >
              {t("servicePage")}
            </Link>
          </div>
          <BookingPanel requestId={request._id} />
          <JobPanel requestId={request._id} />
        </section>
      ) : null}

      <section aria-labelledby="answers-title" className="space-y-3">
        <h2 id="answers-title" className="text-xl font-semibold">
          {t("answersTitle", { count: offers.length, total: request.services.length })}
        </h2>
        {open && request.answers.length === 0 ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
            {times.length
              ? t("noAnswersYet", {
                  duration: tf("durationWithin", responseDuration(times[Math.floor((times.length - 1) / 2)]!)),
                })
              : t("noAnswersYetPlain", { hours: hoursOpen(request.createdAt, request.expiresAt) })}
          </p>
        ) : null}
        {/* Side by side from a tablet on (up to five in a row), one under another on a phone. */}
        <ul className="flex flex-col gap-4 sm:flex-row sm:flex-wrap">
          {entries.map((entry) => (
            <li key={entry.service.serviceId} className="flex sm:max-w-sm sm:min-w-0 sm:flex-1 sm:basis-52">
              <ServiceAnswer entry={entry} request={request} canAccept={asDriver} phoneGiven={driverPhone !== ""} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="threads-title" className="space-y-3">
        <div>
          <h2 id="threads-title" className="text-xl font-semibold">
            {tt("title")}
          </h2>
          <p className="text-sm text-slate-600">{tt("intro")}</p>
        </div>
        {/* One conversation per service asked, in the driver's order. */}
        <ul className="space-y-3">
          {request.services.map((service) => (
            <li key={service.serviceId}>
              <ThreadPanel
                requestId={request._id}
                serviceId={service.serviceId}
                serviceName={service.name}
                title={tt("withService", { name: service.name })}
              />
            </li>
          ))}
        </ul>
      </section>

      {asDriver && (request.status === "open" || request.status === "accepted") && !request.jobStatus ? (
        <section aria-label={t("cancelTitle")}>
          <CancelRequest
            url={`/api/requests/${request._id}/cancel`}
            texts={{
              open: t("cancelTitle"),
              reasonLabel: t("cancelReason"),
              submit: t("cancelSubmit"),
              done: t("cancelled"),
            }}
          />
        </section>
      ) : null}
    </article>
  );
}

function AnswerFacts({ answer }: { answer: AnswerView }) {
  const t = useTranslations("MyRequests");
  const priceLabel = usePriceLabel();
  const slotLabel = useSlotLabel();
  const price = priceLabel(answer);
  const slot = slotLabel(answer);
  return (
    <div className="space-y-2">
      <p className="text-2xl font-bold text-slate-900">
        {price ?? <span className="text-base font-medium text-slate-600">{t("noPrice")}</span>}
      </p>
      {slot ? (
        <p className="text-sm">
          <span className="text-slate-500">{t("slot")}: </span>
          <span className="font-medium">{slot}</span>
        </p>
      ) : null}
      {answer.message ? (
        <blockquote className="border-l-4 border-slate-200 pl-3 text-sm break-words whitespace-pre-line text-slate-800">
          {answer.message}
        </blockquote>
      ) : null}
    </div>
  );
}

function ServiceAnswer({
  entry: { service, answer },
  request,
  canAccept,
  phoneGiven,
}: {
  entry: Entry;
  request: RequestView | AdminRequestView;
  canAccept: boolean;
  /** The driver gave a phone: accepting hands it to this service too, and the question says so. */
  phoneGiven: boolean;
}) {
  const t = useTranslations("MyRequests");
  const ts = useTranslations("Services");
  const muted = !answer || answer.decline || service.status === "passed" || service.status === "cancelled";
  const chosen = request.acceptedAnswerId !== null && answer?._id === request.acceptedAnswerId;
  const headingId = `answer-${service.serviceId}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex w-full flex-col gap-3 rounded-xl border p-4 ${
        chosen
          ? "border-2 border-emerald-600 bg-white"
          : muted
            ? "border-slate-200 bg-slate-50 text-slate-600"
            : "border-slate-300 bg-white shadow-sm"
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-words">
          <Link href={`/service/${service.serviceId}`} className="text-brand-700 hover:underline">
            {service.name}
          </Link>
        </h3>
        <TargetStatusBadge status={service.status} side="driver" />
      </div>
      {answer && !answer.decline ? (
        <AnswerFacts answer={answer} />
      ) : answer?.decline ? (
        <div className="space-y-2 text-sm">
          <p>{t("declinedNote")}</p>
          {answer.message ? (
            <blockquote className="border-l-4 border-slate-200 pl-3 break-words whitespace-pre-line">
              {answer.message}
            </blockquote>
          ) : null}
        </div>
      ) : (
        <p className="text-sm">{request.status === "open" ? t("waiting") : t("noAnswer")}</p>
      )}
      <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
        {/* From the driver's point; a request without one has no distances. */}
        {service.distanceKm !== null ? <span>{t("distanceKm", { km: shownKm(service.distanceKm) })}</span> : null}
        <span>
          {isRated(service.ratingAvg)
            ? t("ratingShort", { value: service.ratingAvg.toFixed(1), count: service.numReviews })
            : ts("new")}
        </span>
        <ResponseFigureChip figures={service} className="px-2" />
      </p>
      {/* A stranded driver wants to talk before choosing: every offer can be called, not only the chosen one. */}
      {answer && !answer.decline && service.phone && !chosen ? (
        <CallLink
          phone={service.phone}
          serviceId={service.serviceId}
          label={t("call")}
          describedBy={headingId}
          className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-emerald-700 bg-white px-4 font-medium text-emerald-800 hover:bg-emerald-50"
        />
      ) : null}
      {canAccept && request.status === "open" && answer && !answer.decline ? (
        <ActionButton
          url={`/api/requests/${request._id}/accept`}
          body={{ answerId: answer._id }}
          success={t("acceptedToast")}
          confirm={t("acceptQuestion", { name: service.name, phone: phoneGiven ? "yes" : "no" })}
          confirmLabel={t("accept")}
          ariaLabel={t("acceptLabel", { name: service.name })}
          className="min-h-11 w-full rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t("accept")}
        </ActionButton>
      ) : null}
    </article>
  );
}
