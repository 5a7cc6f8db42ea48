import { useFormatter, useNow, useTranslations } from "next-intl";

import { UAH } from "@/domain/service/jobs";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { ResponsiveImage } from "@/features/uploads/components/responsive-image";

import type { AnswerView, RequestWhenView } from "../answers";
import { responseDuration } from "../response-wording";
import type { Car, CarFuel, PartOfDay, RequestJob, RequestStatus, TargetStatus } from "../rules";

/*
 * The small pieces every page of requests shows the same way (the form's summary, the driver's
 * pages, the inbox, the admin's list): the job, the car, when, an answer's price and time, a status.
 * No client-only code, so server and client components both use them.
 */

/** "Brake pads replacement", or the driver's own words' start for "other". */
export function useJobLabel() {
  const tp = useTranslations("Prices");
  const t = useTranslations("MyRequests");
  return (job: RequestJob | string, description = "") => {
    if (job === "custom" || job === "") {
      const words = description.trim();
      return words ? t("customJob", { words: words.length > 60 ? `${words.slice(0, 57)}…` : words }) : t("otherJob");
    }
    return tp("job", { job: job as Exclude<RequestJob, "custom"> });
  };
}

/** "Skoda Octavia, 2015, diesel". */
export function useCarLabel() {
  const t = useTranslations("RequestForm");
  return (car: Pick<Car, "make" | "model"> & { year: number | string; fuel: CarFuel | string }) =>
    t("carLine", { make: car.make, model: car.model, year: String(car.year), fuel: car.fuel });
}

/** "As soon as possible", or "3–5 Dec 2026, morning". */
export function useWhenLabel() {
  const t = useTranslations("RequestForm");
  const format = useFormatter();
  return (when: RequestWhenView) => {
    if ("asap" in when) return t("asap");
    const from = new Date(`${when.from}T12:00:00Z`);
    const to = new Date(`${when.to}T12:00:00Z`);
    const days =
      when.from === when.to
        ? format.dateTime(from, { dateStyle: "medium", timeZone: "UTC" })
        : format.dateTimeRange(from, to, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    return when.partOfDay ? t("whenWithPart", { days, part: when.partOfDay }) : days;
  };
}

/** An answer's price: one amount, a range, or "price after a look at the car". */
export function usePriceLabel() {
  const t = useTranslations("MyRequests");
  const format = useFormatter();
  const money = (amount: number) => format.number(amount, UAH);
  return (answer: Pick<AnswerView, "price" | "priceFrom" | "priceTo">) =>
    answer.price !== null
      ? money(answer.price)
      : answer.priceFrom !== null && answer.priceTo !== null
        ? t("priceRange", { from: money(answer.priceFrom), to: money(answer.priceTo) })
        : null;
}

/** An answer's time: the slot offered (in Kyiv time, as the services work) or the earliest day. */
export function useSlotLabel() {
  const t = useTranslations("MyRequests");
  const format = useFormatter();
  return (answer: Pick<AnswerView, "slot" | "earliest">) =>
    answer.slot
      ? format.dateTime(new Date(answer.slot), {
          weekday: "short",
          day: "numeric",
          month: "short",
          hour: "2-digit",
          minute: "2-digit",
          timeZone: DEFAULT_TIME_ZONE,
        })
      : answer.earliest
        ? t("earliest", {
            date: format.dateTime(new Date(`${answer.earliest}T12:00:00Z`), {
              weekday: "short",
              day: "numeric",
              month: "short",
              timeZone: "UTC",
            }),
          })
        : null;
}

/** "41 h" until `until`, rounded up like the response figures; null once past. */
export function useTimeLeft() {
  const t = useTranslations("ResponseFigures");
  const now = useNow();
  return (until: string) => {
    const minutes = (new Date(until).getTime() - now.getTime()) / 60_000;
    return minutes > 0 ? t("duration", responseDuration(minutes)) : null;
  };
}

const STATUS_TONE: Record<RequestStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  accepted: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-200 text-slate-700",
  expired: "bg-slate-200 text-slate-700",
};

/** A request's status as a small label. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const t = useTranslations("MyRequests");
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}
    >
      {t("status", { status })}
    </span>
  );
}

const TARGET_TONE: Record<TargetStatus, string> = {
  sent: "bg-amber-100 text-amber-900",
  answered: "bg-brand-50 text-brand-800",
  declined: "bg-slate-200 text-slate-700",
  chosen: "bg-emerald-100 text-emerald-900",
  passed: "bg-slate-200 text-slate-700",
  cancelled: "bg-slate-200 text-slate-700",
};

/** A service's side of a request as a small label, in the words of the side reading it. */
export function TargetStatusBadge({ status, side }: { status: TargetStatus; side: "driver" | "service" }) {
  const t = useTranslations("MyRequests");
  const ti = useTranslations("RequestInbox");
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TARGET_TONE[status]}`}
    >
      {side === "driver" ? t("targetStatus", { status }) : ti("status", { status })}
    </span>
  );
}

/** The driver's photos, small, each a link to the whole picture. */
export function RequestPhotos({ images, label }: { images: string[]; label: string }) {
  if (!images.length) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {images.map((url, index) => (
        <li key={url}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="block size-20 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            <ResponsiveImage
              url={url}
              alt={`${label} ${index + 1}`}
              slot="thumbnail"
              sizes="80px"
              width={80}
              height={80}
              className="size-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A sent request's car, time wanted and words, as the driver's page and a service's inbox show them. */
export function RequestFacts({
  request,
  labels,
  className,
}: {
  request: { car: Car; when: RequestWhenView; description: string };
  labels: { car: string; when: string; description: string };
  className: string;
}) {
  const carLabel = useCarLabel();
  const whenLabel = useWhenLabel();
  return (
    <dl className={className}>
      <div>
        <dt className="text-slate-500">{labels.car}</dt>
        <dd className="font-medium">{carLabel(request.car)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{labels.when}</dt>
        <dd className="font-medium">{whenLabel(request.when)}</dd>
      </div>
      {request.description ? (
        <div className="sm:col-span-2">
          <dt className="text-slate-500">{labels.description}</dt>
          <dd className="break-words whitespace-pre-line">{request.description}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The request being written, before it is sent: what the services will read. */
export function RequestSummary({
  values,
}: {
  values: {
    job: string;
    description: string;
    car: { make: string; model: string; year: string; fuel: string };
    when: { asap: "yes" | "no"; from: string; to: string; partOfDay: string };
    images: string[];
  };
}) {
  const t = useTranslations("RequestForm");
  const jobLabel = useJobLabel();
  const carLabel = useCarLabel();
  const whenLabel = useWhenLabel();
  const { job, description, car, when, images } = values;
  const whenView: RequestWhenView | null =
    when.asap === "yes"
      ? { asap: true }
      : when.from && when.to
        ? { from: when.from, to: when.to, partOfDay: (when.partOfDay || null) as PartOfDay | null }
        : null;
  const row = (label: string, value: string) => (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="w-28 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="request-summary" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <h3 id="request-summary" className="font-semibold">
        {t("summaryTitle")}
      </h3>
      <dl className="mt-2 space-y-1.5">
        {row(t("stepName", { step: "job" }), job ? jobLabel(job, description) : "—")}
        {row(t("stepName", { step: "car" }), car.make && car.model ? carLabel(car) : "—")}
        {row(t("whenLegend"), whenView ? whenLabel(whenView) : "—")}
        {row(t("photosLabel"), t("photosCount", { count: images.length }))}
      </dl>
    </section>
  );
}
