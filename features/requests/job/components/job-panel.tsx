"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { UAH } from "@/domain/service/jobs";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";

import type { JobExtraView, JobView } from "../answers";
import {
  JOB_CONFIRM_HOURS,
  JOB_DISPUTE_REASON_MAX,
  JOB_EXTRA_DESCRIPTION_MAX,
  JOB_EXTRA_PRICE_MAX,
  JOB_NOTE_MAX,
} from "../rules";

/**
 * The job of an accepted request, on the driver's request page (under the chosen service) and in
 * the chosen shop's inbox item: the agreed price, the extra work (the shop proposes, the driver
 * approves or declines each), the ceiling of the final price, "mark done" for the shop (the
 * server's refusal of a price above the ceiling is shown at the field), confirm or dispute for the
 * driver within 72 hours, and where the job stands after. An admin reads it. It loads on its own
 * (GET /api/requests/{id}/job) and reloads after each step; every control is a button or a form
 * field, so the keyboard reaches all of it; it wraps to one column on a phone.
 */

const client = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, gcTime: 5 * 60_000, retry: 1 } },
});

const jobKey = (requestId: string) => ["requests", requestId, "job"] as const;

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-medium disabled:opacity-60 focus-visible:ring-2 focus-visible:ring-brand-600";
const PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
const SECONDARY = `${BUTTON} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`;

export function JobPanel({ requestId }: { requestId: string }) {
  return (
    <QueryClientProvider client={client}>
      <Job requestId={requestId} />
    </QueryClientProvider>
  );
}

function useMoney() {
  const format = useFormatter();
  return (amount: number) => format.number(amount, UAH);
}

function useDay() {
  const format = useFormatter();
  return (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: DEFAULT_TIME_ZONE });
}

function Job({ requestId }: { requestId: string }) {
  const t = useTranslations("Job");
  const locale = useLocale();
  const headingId = useId();
  const query = useQuery({
    queryKey: jobKey(requestId),
    queryFn: async (): Promise<JobView> => {
      const response = await fetch(`/api/requests/${requestId}/job?lng=${locale}`, { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      return (await response.json()) as JobView;
    },
  });
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-900"
      data-job={requestId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {t("title")}
        </h3>
        {query.data ? <JobBadge job={query.data} /> : null}
      </div>
      {query.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {t("loading")}
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm">
          <span className="text-red-800">{t("loadError")}</span>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="min-h-11 rounded-lg border border-red-300 bg-white px-4 font-medium text-red-800 hover:bg-red-100"
          >
            {t("retry")}
          </button>
        </div>
      ) : (
        <JobBody job={query.data} />
      )}
    </section>
  );
}

function JobBadge({ job }: { job: JobView }) {
  const t = useTranslations("Job");
  const tone =
    job.jobStatus === "confirmed"
      ? "bg-emerald-100 text-emerald-900"
      : job.jobStatus === "disputed"
        ? "bg-red-100 text-red-900"
        : job.jobStatus === "done"
          ? "bg-amber-100 text-amber-950"
          : "bg-slate-100 text-slate-800";
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {t("state", { status: job.jobStatus ?? "none" })}
    </span>
  );
}

/** What the panel shows of a loaded job (exported for its tests). */
export function JobBody({ job }: { job: JobView }) {
  const t = useTranslations("Job");
  const money = useMoney();
  const agreed =
    job.agreed.price !== null
      ? money(job.agreed.price)
      : job.agreed.priceFrom !== null && job.agreed.priceTo !== null
        ? `${money(job.agreed.priceFrom)} – ${money(job.agreed.priceTo)}`
        : null;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <span className="font-medium">{t("agreed")}:</span> {agreed ?? t("agreedNone")}
      </p>
      <Extras job={job} />
      {job.jobStatus === null ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm">
          <span className="font-medium">{t("ceiling", { amount: money(job.ceiling) })}</span>
          {job.approvedExtras > 0 ? (
            <span className="block text-slate-600">
              {t("ceilingParts", {
                agreed: money(job.ceiling - job.approvedExtras),
                extras: money(job.approvedExtras),
              })}
            </span>
          ) : null}
        </p>
      ) : null}
      {job.canProposeExtra ? <ExtraForm job={job} /> : null}
      {job.canMarkDone ? <DoneForm job={job} /> : null}
      <JobEnd job={job} />
      {job.viewer === "admin" ? <p className="text-sm text-slate-600">{t("readOnly")}</p> : null}
      {!job.on && job.jobStatus !== "confirmed" ? <p className="text-sm text-slate-600">{t("over")}</p> : null}
    </div>
  );
}

function Extras({ job }: { job: JobView }) {
  const t = useTranslations("Job");
  const titleId = useId();
  return (
    <div className="space-y-2">
      <h4 id={titleId} className="text-sm font-semibold">
        {t("extrasTitle")}
      </h4>
      {job.extras.length === 0 ? (
        <p className="text-sm text-slate-600">{t("extrasEmpty")}</p>
      ) : (
        <ul aria-labelledby={titleId} className="space-y-2">
          {job.extras.map((extra) => (
            <li key={extra._id}>
              <Extra extra={extra} job={job} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Extra({ extra, job }: { extra: JobExtraView; job: JobView }) {
  const t = useTranslations("Job");
  const money = useMoney();
  const tone =
    extra.status === "approved"
      ? "text-emerald-800"
      : extra.status === "declined"
        ? "text-slate-500"
        : "text-amber-900";
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="min-w-0 flex-1 basis-48">
        <p className="break-words whitespace-pre-line">{extra.description}</p>
        <p className="text-slate-600">
          <span className="font-medium text-slate-900">{money(extra.price)}</span> ·{" "}
          <span className={tone}>
            {extra.status === "proposed" && job.jobStatus !== null
              ? t("extraUndecided")
              : t("extraStatus", { status: extra.status })}
          </span>
        </p>
      </div>
      {job.canDecideExtras && extra.status === "proposed" ? (
        <div className="flex flex-wrap gap-2">
          <StepButton
            url={`/api/requests/${job.requestId}/extras/${extra._id}`}
            body={{ decision: "approve" }}
            requestId={job.requestId}
            done={t("approved")}
            ariaLabel={t("approveLabel", { description: extra.description })}
            className={PRIMARY}
          >
            {t("approve")}
          </StepButton>
          <StepButton
            url={`/api/requests/${job.requestId}/extras/${extra._id}`}
            body={{ decision: "decline" }}
            requestId={job.requestId}
            done={t("declined")}
            ariaLabel={t("declineLabel", { description: extra.description })}
            className={SECONDARY}
          >
            {t("decline")}
          </StepButton>
        </div>
      ) : null}
    </div>
  );
}

/** One PUT of a decision; the job is read again after it, whatever the answer (a 409 means it moved). */
function StepButton({
  url,
  body,
  requestId,
  done,
  ariaLabel,
  className,
  children,
}: {
  url: string;
  body: unknown;
  requestId: string;
  done: string;
  ariaLabel?: string;
  className: string;
  children: string;
}) {
  const ta = useTranslations("Account");
  const locale = useLocale();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy}
      aria-label={ariaLabel}
      className={className}
      onClick={async () => {
        setBusy(true);
        try {
          await postJson(`${url}?lng=${locale}`, body, "PUT", ta("networkError"));
          toast.success(done);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : ta("networkError"));
        } finally {
          setBusy(false);
          void queries.invalidateQueries({ queryKey: jobKey(requestId) });
        }
      }}
    >
      {busy ? ta("working") : children}
    </button>
  );
}

type ExtraValues = { description: string; price: number };
const loadExtraSchema = () => import("@/features/requests/job/schema").then((schemas) => schemas.extraInput);

function ExtraForm({ job }: { job: JobView }) {
  const t = useTranslations("Job");
  const ta = useTranslations("Account");
  const id = useId();
  const locale = useLocale();
  const queries = useQueryClient();
  const { form, busy, failure, error, formProps } = useSchemaForm<ExtraValues, unknown>({
    schema: loadExtraSchema,
    defaultValues: { description: "" },
    send: async (body) => {
      await postJson(`/api/requests/${job.requestId}/extras?lng=${locale}`, body, "POST", ta("networkError"));
      toast.success(t("proposed"));
      form.reset({ description: "" });
      await queries.invalidateQueries({ queryKey: jobKey(job.requestId) });
    },
  });
  const { register } = form;
  return (
    <form {...formProps} className="space-y-3 border-t border-slate-200 pt-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        {t("proposeTitle")}
      </h4>
      <p className="text-sm text-slate-600">{t("proposeHint")}</p>
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <Labelled id={`${id}-description`} label={t("extraDescriptionLabel")} error={error("description")}>
        {(described) => (
          <textarea
            {...described}
            rows={2}
            maxLength={JOB_EXTRA_DESCRIPTION_MAX}
            {...register("description")}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <Labelled id={`${id}-price`} label={t("extraPriceLabel")} error={error("price")} className="text-sm sm:max-w-48">
        {(described) => (
          <input
            {...described}
            type="number"
            inputMode="numeric"
            min={1}
            max={JOB_EXTRA_PRICE_MAX}
            step={1}
            {...register("price", { valueAsNumber: true })}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <button type="submit" disabled={busy} aria-busy={busy} className={PRIMARY}>
        {busy ? ta("working") : t("propose")}
      </button>
    </form>
  );
}

type DoneValues = { finalPrice: number; note: string };
const loadDoneSchema = () => import("@/features/requests/job/schema").then((schemas) => schemas.doneInput);

function DoneForm({ job }: { job: JobView }) {
  const t = useTranslations("Job");
  const ta = useTranslations("Account");
  const money = useMoney();
  const id = useId();
  const locale = useLocale();
  const queries = useQueryClient();
  const { form, busy, failure, error, formProps } = useSchemaForm<DoneValues, unknown>({
    schema: loadDoneSchema,
    defaultValues: { note: "" },
    send: async (body) => {
      await postJson(`/api/requests/${job.requestId}/done?lng=${locale}`, body, "POST", ta("networkError"));
      toast.success(t("markedDone"));
      await queries.invalidateQueries({ queryKey: jobKey(job.requestId) });
    },
  });
  const { register } = form;
  return (
    <form {...formProps} className="space-y-3 border-t border-slate-200 pt-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        {t("doneTitle")}
      </h4>
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <Labelled
        id={`${id}-price`}
        label={t("finalPriceLabel")}
        error={error("finalPrice")}
        hint={t("ceiling", { amount: money(job.ceiling) })}
        className="text-sm sm:max-w-sm"
      >
        {(described) => (
          <input
            {...described}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...register("finalPrice", { valueAsNumber: true })}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <Labelled id={`${id}-note`} label={t("noteLabel")} error={error("note")}>
        {(described) => (
          <textarea {...described} rows={2} maxLength={JOB_NOTE_MAX} {...register("note")} className={FIELD_INPUT} />
        )}
      </Labelled>
      <button type="submit" disabled={busy} aria-busy={busy} className={PRIMARY}>
        {busy ? ta("working") : t("markDone")}
      </button>
    </form>
  );
}

/** The job marked done and after: the final price, the driver's word (or the form for it). */
function JobEnd({ job }: { job: JobView }) {
  const t = useTranslations("Job");
  const money = useMoney();
  const day = useDay();
  if (job.jobStatus === null || job.finalPrice === null) return null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3 text-sm">
      <p className="font-medium">{t("finalPriceShown", { amount: money(job.finalPrice) })}</p>
      {job.doneAt ? <p className="text-slate-600">{t("doneOn", { date: day(job.doneAt) })}</p> : null}
      {job.doneNote ? <p className="break-words whitespace-pre-line">{t("shopNote", { note: job.doneNote })}</p> : null}
      {job.jobStatus === "done" && job.confirmBy ? (
        job.canConfirm ? (
          <DriverWord job={job} />
        ) : job.viewer === "service" ? (
          <p className="text-slate-700">{t("waitingDriver", { date: day(job.confirmBy) })}</p>
        ) : null
      ) : null}
      {job.jobStatus === "confirmed" && job.confirmedBy ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-emerald-950">
          {t("confirmedBy", { by: job.confirmedBy, hours: JOB_CONFIRM_HOURS })}
        </p>
      ) : null}
      {job.jobStatus === "disputed" ? (
        <div className="space-y-1 rounded-lg bg-red-50 p-3 text-red-950">
          <p className="break-words whitespace-pre-line">{t("disputeReasonShown", { reason: job.disputeReason })}</p>
          <p>{job.disputeResolvedAt ? t("disputeClosed", { note: job.disputeResolution }) : t("disputeOpen")}</p>
        </div>
      ) : null}
    </div>
  );
}

type DisputeValues = { decision: "dispute"; reason: string };
const loadDecisionSchema = () => import("@/features/requests/job/schema").then((schemas) => schemas.jobDecisionInput);

function DriverWord({ job }: { job: JobView }) {
  const t = useTranslations("Job");
  const ta = useTranslations("Account");
  const day = useDay();
  const id = useId();
  const locale = useLocale();
  const queries = useQueryClient();
  const [disputing, setDisputing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const { form, busy, failure, error, formProps } = useSchemaForm<DisputeValues, unknown>({
    schema: loadDecisionSchema,
    defaultValues: { decision: "dispute", reason: "" },
    send: async (body) => {
      await postJson(`/api/requests/${job.requestId}/done?lng=${locale}`, body, "PUT", ta("networkError"));
      toast.success(t("disputed"));
      await queries.invalidateQueries({ queryKey: jobKey(job.requestId) });
    },
  });
  return (
    <div className="space-y-3">
      <p className="text-slate-800">{t("confirmPrompt", { date: day(job.confirmBy!) })}</p>
      {!disputing ? (
        <div className="flex flex-wrap gap-2">
          <StepButton
            url={`/api/requests/${job.requestId}/done`}
            body={{ decision: "confirm" }}
            requestId={job.requestId}
            done={t("confirmed")}
            className={PRIMARY}
          >
            {t("confirm")}
          </StepButton>
          <button
            ref={opener}
            type="button"
            className={SECONDARY}
            onClick={() => {
              setDisputing(true);
              requestAnimationFrame(() => document.getElementById(`${id}-reason`)?.focus());
            }}
          >
            {t("dispute")}
          </button>
        </div>
      ) : (
        <form {...formProps} className="space-y-3" aria-label={t("dispute")}>
          {failure ? <FormAlert>{failure.message}</FormAlert> : null}
          <Labelled id={`${id}-reason`} label={t("disputeReasonLabel")} error={error("reason")} hint={t("disputeHint")}>
            {(described) => (
              <textarea
                {...described}
                rows={3}
                maxLength={JOB_DISPUTE_REASON_MAX}
                {...form.register("reason")}
                className={FIELD_INPUT}
              />
            )}
          </Labelled>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} aria-busy={busy} className={PRIMARY}>
              {busy ? ta("working") : t("disputeSubmit")}
            </button>
            <button
              type="button"
              className={SECONDARY}
              onClick={() => {
                setDisputing(false);
                requestAnimationFrame(() => opener.current?.focus());
              }}
            >
              {t("cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
