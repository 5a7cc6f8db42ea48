"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId } from "react";

import { postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { UAH } from "@/domain/service/jobs";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { Link, useRouter } from "@/i18n/navigation";

import { ThreadPanel } from "../../components/request-thread";
import type { AdminDisputeView } from "../answers";
import { JOB_RESOLUTION_NOTE_MAX } from "../rules";

/**
 * The admins' queue of disputed jobs (/admin/requests?view=disputes), oldest dispute first: for
 * each, the request and the service, who asked, the agreed and final prices with the extra work,
 * the driver's reason and the service's note, the thread between them (folded, loaded when
 * opened), and the resolution: confirmed (the job counts as done) or not done, with a note both
 * sides read. A resolved dispute leaves the list.
 */
export function AdminDisputes({ disputes }: { disputes: AdminDisputeView[] }) {
  const t = useTranslations("Job");
  if (!disputes.length) return <p className="rounded-lg bg-slate-50 p-4 text-slate-700">{t("admin.empty")}</p>;
  return (
    <ul aria-label={t("admin.listLabel")} className="space-y-4">
      {disputes.map((dispute) => (
        <li key={dispute.requestId}>
          <Dispute dispute={dispute} />
        </li>
      ))}
    </ul>
  );
}

function Dispute({ dispute }: { dispute: AdminDisputeView }) {
  const t = useTranslations("Job");
  const format = useFormatter();
  const money = (amount: number) => format.number(amount, UAH);
  const titleId = useId();
  const agreed =
    dispute.agreed.price !== null
      ? money(dispute.agreed.price)
      : dispute.agreed.priceFrom !== null && dispute.agreed.priceTo !== null
        ? `${money(dispute.agreed.priceFrom)} – ${money(dispute.agreed.priceTo)}`
        : t("agreedNone");
  return (
    <article aria-labelledby={titleId} className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <header className="space-y-1">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          <Link href={`/requests/${dispute.requestId}`} className="text-brand-700 underline">
            {dispute.serviceName}
          </Link>
        </h2>
        {dispute.disputedAt ? (
          <p className="text-sm text-slate-600">
            {t("admin.disputedOn", {
              date: format.dateTime(new Date(dispute.disputedAt), {
                dateStyle: "medium",
                timeStyle: "short",
                timeZone: DEFAULT_TIME_ZONE,
              }),
            })}
          </p>
        ) : null}
      </header>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t("admin.service")}</dt>
        <dd>
          <Link href={`/service/${dispute.serviceId}`} className="break-words text-brand-700 underline">
            {dispute.serviceName}
          </Link>
        </dd>
        <dt className="font-medium">{t("admin.driver")}</dt>
        <dd className="break-words">
          {dispute.driver.name} ·{" "}
          <a href={`mailto:${dispute.driver.email}`} className="text-brand-700 underline">
            {dispute.driver.email}
          </a>
        </dd>
        <dt className="font-medium">{t("admin.agreed")}</dt>
        <dd>{agreed}</dd>
        <dt className="font-medium">{t("admin.ceiling")}</dt>
        <dd>{money(dispute.ceiling)}</dd>
        <dt className="font-medium">{t("admin.final")}</dt>
        <dd className="font-semibold">{dispute.finalPrice === null ? "—" : money(dispute.finalPrice)}</dd>
        <dt className="font-medium">{t("admin.extras")}</dt>
        <dd>
          {dispute.extras.length ? (
            <ul className="space-y-1">
              {dispute.extras.map((extra) => (
                <li key={extra._id} className="break-words">
                  {extra.description} — {money(extra.price)} ({t("extraStatus", { status: extra.status })})
                </li>
              ))}
            </ul>
          ) : (
            t("extrasEmpty")
          )}
        </dd>
        {dispute.doneNote ? (
          <>
            <dt className="font-medium">{t("admin.shopNote")}</dt>
            <dd className="break-words whitespace-pre-line">{dispute.doneNote}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t("admin.reason")}</dt>
        <dd className="break-words whitespace-pre-line text-red-900">{dispute.disputeReason}</dd>
      </dl>
      <ThreadPanel
        requestId={dispute.requestId}
        serviceId={dispute.serviceId}
        serviceName={dispute.serviceName}
        title={t("admin.threadLabel")}
      />
      <ResolveForm requestId={dispute.requestId} />
    </article>
  );
}

type Values = { outcome: "confirmed" | "not_done" | undefined; note: string };
const loadSchema = () => import("@/features/requests/job/schema").then((schemas) => schemas.disputeResolutionInput);

function ResolveForm({ requestId }: { requestId: string }) {
  const t = useTranslations("Job");
  const ta = useTranslations("Account");
  const id = useId();
  const locale = useLocale();
  const router = useRouter();
  const { form, busy, failure, error, formProps } = useSchemaForm<Values, unknown>({
    schema: loadSchema,
    defaultValues: { note: "" },
    send: async (body) => {
      await postJson(`/api/items/admin/requests/${requestId}/dispute?lng=${locale}`, body, "PUT", ta("networkError"));
      toast.success(t("admin.resolved"));
      router.refresh();
    },
  });
  const outcomeError = error("outcome");
  return (
    <form {...formProps} className="space-y-3 border-t border-slate-200 pt-3">
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <fieldset
        className="space-y-2 text-sm"
        aria-invalid={outcomeError ? true : undefined}
        aria-describedby={outcomeError ? `${id}-outcome-error` : undefined}
      >
        <legend className="font-medium">{t("admin.outcomeLabel")}</legend>
        {(["confirmed", "not_done"] as const).map((outcome) => (
          <label key={outcome} className="flex min-h-11 items-center gap-2">
            <input type="radio" value={outcome} {...form.register("outcome")} className="size-5" />
            {outcome === "confirmed" ? t("admin.outcomeConfirmed") : t("admin.outcomeNotDone")}
          </label>
        ))}
        {outcomeError ? (
          <p id={`${id}-outcome-error`} className="text-sm text-red-700">
            {outcomeError}
          </p>
        ) : null}
      </fieldset>
      <Labelled id={`${id}-note`} label={t("admin.noteLabel")} error={error("note")}>
        {(described) => (
          <textarea
            {...described}
            rows={2}
            maxLength={JOB_RESOLUTION_NOTE_MAX}
            {...form.register("note")}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="min-h-11 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? ta("working") : t("admin.resolve")}
      </button>
    </form>
  );
}
