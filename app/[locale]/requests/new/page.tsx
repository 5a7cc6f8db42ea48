import { getTranslations, setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { localClock } from "@/domain/service/clock";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { guardPage } from "@/features/accounts/server/guards";
import { itemsQueryFields } from "@/features/catalog/items-query";
import { getPublicService } from "@/features/catalog/server/detail";
import { RequestForm } from "@/features/requests/components/request-form";
import { StartPoint } from "@/features/requests/components/start-point";
import type { RequestStart } from "@/features/requests/components/suggestions";
import { lastCarOf } from "@/features/requests/server/create-request";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { NotFoundError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Query = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Query> };

export const generateMetadata = privatePageMetadata("RequestForm.title");

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function pointOf(query: Query): { lat: number; lng: number } | null {
  const lat = Number(first(query.lat));
  const lng = Number(first(query.lng));
  if (first(query.lat) === undefined || first(query.lng) === undefined) return null;
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
    ? { lat, lng }
    : null;
}

/** `near=lat,lng` beside a service: where the driver is (as the list writes its point); distances are from it. */
function nearOf(query: Query): { lat: number; lng: number } | null {
  const parsed = itemsQueryFields.near.safeParse(first(query.near));
  return parsed.success ? parsed.data : null;
}

type Refused = "missing" | "noOwner" | "own";

/**
 * /requests/new?service=<id>[&near=lat,lng] (from a service's "Ask for a price", with where the
 * driver is when they shared it) or ?lat=&lng= (the best services near a point): the driver's
 * request, one step at a time. A service nobody can answer for (an
 * unclaimed imported place, or the viewer's own) gets a word instead of the form; without either,
 * the driver is offered their position as the point.
 */
export default async function NewRequestPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const query = await searchParams;
  const serviceId = first(query.service);
  const point = pointOf(query);
  const near = serviceId ? nearOf(query) : null;
  const path = serviceId
    ? `/requests/new?service=${encodeURIComponent(serviceId)}${near ? `&near=${near.lat},${near.lng}` : ""}`
    : point
      ? `/requests/new?lat=${point.lat}&lng=${point.lng}`
      : "/requests/new";
  const viewer = await guardPage("signedIn", path, locale);
  const t = await getTranslations("RequestForm");

  let start: RequestStart | null = null;
  let refused: Refused | null = null;
  if (serviceId) {
    try {
      const service = await getPublicService(serviceId);
      if (!service.claimed || !service.user) refused = "noOwner";
      else if (service.user === viewer.id) refused = "own";
      else
        start = {
          kind: "service",
          service: { _id: service._id, name: service.name, address: service.address, role: service.role },
          near,
        };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      refused = "missing";
    }
  } else if (point) start = { kind: "point", point };

  if (refused)
    return (
      <section aria-labelledby="request-refused" className="mx-auto max-w-xl space-y-4 py-6">
        <h1 id="request-refused" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="rounded-lg bg-slate-100 p-4 text-slate-800">{t("refused", { why: refused })}</p>
        <div className="flex flex-wrap gap-3">
          {serviceId && refused !== "missing" ? (
            <Link
              href={`/service/${serviceId}`}
              className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
            >
              {t("backToService")}
            </Link>
          ) : null}
          <Link
            href="/services"
            className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50"
          >
            {t("findService")}
          </Link>
        </div>
      </section>
    );

  return (
    <ClientMessages route="requests/new">
      {start ? (
        <RequestForm
          start={start}
          today={localClock(new Date(), DEFAULT_TIME_ZONE).date}
          lastCar={await lastCarOf(viewer)}
        />
      ) : (
        <StartPoint />
      )}
    </ClientMessages>
  );
}
