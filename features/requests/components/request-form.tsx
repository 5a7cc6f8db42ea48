"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useController, useWatch, type Path } from "react-hook-form";

import { fieldMessages, postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { messagesByField } from "@/components/ui/form-errors";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { BRANDS } from "@/domain/service/fields";
import { CUSTOM_JOB, PRICE_JOBS } from "@/domain/service/jobs";
import { offerPushAfter } from "@/features/notifications/push/components/push-opt-in";
import { ImagesField } from "@/features/uploads/components/images-field";
import { useRouter } from "@/i18n/navigation";
import { PHONE_INPUT_MAX } from "@/lib/phone";

import {
  CAR_FUELS,
  CAR_MODEL_MAX,
  CAR_YEAR_MIN,
  CUSTOM_DESCRIPTION_MIN,
  PARTS_OF_DAY,
  REQUEST_ASAP_OPEN_HOURS,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_MAX_DAYS_AHEAD,
  REQUEST_MAX_IMAGES,
  type Car,
} from "../rules";
import { RequestSummary } from "./request-bits";
import { driverPointOf, Suggestions, type RequestStart } from "./suggestions";

// The days it allows are counted from the moment the form checks (today in Kyiv), as the server does.
const loadSchema = () => import("@/features/requests/schema").then((schemas) => schemas.requestInput(new Date()));
const CAR_MAKES = BRANDS.filter((brand) => brand !== "Any");
const STEPS = ["job", "car", "when", "services"] as const;
type Step = (typeof STEPS)[number];

type Values = {
  job: string;
  description: string;
  car: { make: string; model: string; year: string; fuel: string };
  when: { asap: "yes" | "no"; from: string; to: string; partOfDay: string };
  images: string[];
  /** The services chosen besides the one the request starts from (all of them when it starts from a point). */
  serviceIds: string[];
  /** To be called back on by the chosen shop (optional). */
  phone: string;
};

/** Which fields each step shows: checked before Next, and where a refused send takes the driver back to. */
const STEP_FIELDS: Record<Step, Path<Values>[]> = {
  job: ["job", "description"],
  car: ["car.make", "car.model", "car.year", "car.fuel"],
  when: ["when.asap", "when.from", "when.to", "when.partOfDay", "images"],
  services: ["serviceIds", "phone"],
};

function stepOf(field: string): number {
  const index = STEPS.findIndex((step) =>
    STEP_FIELDS[step].some((name) => field === name || field.startsWith(`${name}.`) || name.startsWith(`${field}.`)),
  );
  return index === -1 ? STEPS.length - 1 : index;
}

const CHIP =
  "inline-flex min-h-11 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 select-none has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-600 has-focus-visible:ring-offset-2 has-disabled:cursor-default has-disabled:opacity-50";

/**
 * The driver's request for a price, phone first: four short steps (the job, the car, when and
 * photos, who gets it) with Back and Next at the bottom of the screen, under the thumb. Each step
 * is checked with the server's own schema before the next one opens; the step's heading takes the
 * focus, so a screen reader hears where it is. All steps stay mounted (hidden but the current
 * one), so a refusal of the whole request can show each field's message where it belongs: the
 * form goes back to the first step with one. Sent, it opens the request's page.
 */
export function RequestForm({
  start,
  today,
  lastCar,
}: {
  start: RequestStart;
  /** Today in Kyiv (YYYY-MM-DD): the first day a date range may start. */
  today: string;
  lastCar: Car | null;
}) {
  const t = useTranslations("RequestForm");
  const tp = useTranslations("Prices");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [step, setStep] = useState(0);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const moved = useRef(false);
  const lastDay = addDays(today, REQUEST_MAX_DAYS_AHEAD);

  const { form, busy, failure, error, formProps } = useSchemaForm<Values, unknown>({
    schema: loadSchema,
    defaultValues: {
      job: "",
      description: "",
      car: lastCar
        ? { make: lastCar.make, model: lastCar.model, year: String(lastCar.year), fuel: lastCar.fuel }
        : { make: "", model: "", year: "", fuel: "" },
      when: { asap: "yes", from: today, to: today, partOfDay: "" },
      images: [],
      serviceIds: [],
      phone: "",
    },
    request: (values) => ({
      serviceIds: start.kind === "service" ? [start.service._id, ...values.serviceIds] : values.serviceIds,
      job: values.job,
      description: values.description.trim() || undefined,
      car: {
        make: values.car.make,
        model: values.car.model.trim(),
        year: values.car.year.trim() === "" ? undefined : Number(values.car.year),
        fuel: values.car.fuel,
      },
      when:
        values.when.asap === "yes"
          ? { asap: true }
          : {
              from: values.when.from,
              to: values.when.to,
              ...(values.when.partOfDay ? { partOfDay: values.when.partOfDay } : {}),
            },
      images: values.images,
      phone: values.phone,
      ...(driverPointOf(start) ? { near: driverPointOf(start) } : {}),
    }),
    // The schema checks an "other" job's description only once every other field passed; the first
    // step must refuse a too short one before the car is even asked for.
    rules: (values) => ({
      description:
        values.job === CUSTOM_JOB && values.description.trim().length < CUSTOM_DESCRIPTION_MIN
          ? "Requests.descriptionRequired"
          : false,
    }),
    leavesPage: true,
    send: async (body) => {
      try {
        const { _id } = await postJson<{ _id: string }>("/api/requests", body, "POST", ta("networkError"));
        toast.success(t("sent"));
        // The request's page may now ask "Get answers on this phone?" (only after this, never on a load).
        offerPushAfter(_id);
        router.push(`/requests/${_id}`);
      } catch (failed) {
        // The first step with a refused field opens, so its message is seen beside the field.
        const fields = Object.keys(fieldMessages(failed));
        if (fields.length) goTo(Math.min(...fields.map(stepOf)));
        throw failed;
      }
    },
  });
  const { register, control } = form;
  const values = useWatch({ control }) as Values;
  const { job, description, serviceIds: chosen } = values;
  const asap = values.when.asap;
  const images = useController({ control, name: "images" });

  function goTo(next: number) {
    moved.current = true;
    setStep(next);
  }

  // A refusal of the whole request (a limit, a service gone) is said above the steps: brought into view.
  const alert = useRef<HTMLDivElement>(null);
  const failureText = failure?.message;
  useEffect(() => {
    if (failureText) alert.current?.scrollIntoView({ block: "nearest" });
  }, [failureText]);

  // The step's heading takes the focus once it shows (not on the page's first render).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headings.current[step]?.focus();
    headings.current[step]?.scrollIntoView({ block: "nearest" });
  }, [step]);

  async function next() {
    if (await form.trigger(STEP_FIELDS[STEPS[step]!], { shouldFocus: true })) goTo(step + 1);
  }

  const last = step === STEPS.length - 1;
  const heading = (index: number, text: string) => (
    <h2
      ref={(element) => {
        headings.current[index] = element;
      }}
      tabIndex={-1}
      className="text-xl font-semibold outline-none"
    >
      {text}
    </h2>
  );

  return (
    <form
      {...formProps}
      onSubmit={async (event) => {
        // Enter in a field of an early step means Next, not Send.
        if (!last) {
          event.preventDefault();
          return void next();
        }
        await formProps.onSubmit(event);
        const refused = Object.keys(messagesByField(form.formState.errors)).filter((field) => field !== "root.server");
        if (refused.length) goTo(Math.min(...refused.map(stepOf)));
      }}
      aria-labelledby="request-form-title"
      className="mx-auto max-w-2xl"
    >
      <div className="space-y-1">
        <h1 id="request-form-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="text-sm text-slate-600">{t("intro")}</p>
      </div>

      <div className="mt-4" aria-live="polite">
        <p className="text-sm font-medium text-slate-700">
          {t("progress", { step: step + 1, total: STEPS.length })} · {t("stepName", { step: STEPS[step]! })}
        </p>
        <div aria-hidden className="mt-2 flex gap-1.5">
          {STEPS.map((name, index) => (
            <span
              key={name}
              className={`h-1.5 flex-1 rounded-full ${index <= step ? "bg-brand-600" : "bg-slate-200"}`}
            />
          ))}
        </div>
      </div>

      {failure ? (
        <div ref={alert} className="mt-4 scroll-mt-24">
          <FormAlert>{failure.message}</FormAlert>
        </div>
      ) : null}

      <div className="mt-5 space-y-5 pb-4">
        {/* 1. The job */}
        <section hidden={step !== 0} className="space-y-5">
          <fieldset aria-describedby={error("job") ? "job-error" : undefined}>
            <legend className="mb-3">{heading(0, t("jobTitle"))}</legend>
            <div className="flex flex-wrap gap-2">
              {[...PRICE_JOBS, CUSTOM_JOB].map((value) => (
                <label key={value} className={CHIP}>
                  <input type="radio" value={value} {...register("job")} className="sr-only" />
                  {value === CUSTOM_JOB ? t("other") : tp("job", { job: value })}
                </label>
              ))}
            </div>
            <FieldError id="job-error" error={error("job")} />
          </fieldset>
          <Labelled
            id="request-description"
            label={job === CUSTOM_JOB ? t("descriptionCustom") : t("descriptionOptional")}
            error={error("description")}
            hint={t("remaining", { count: REQUEST_DESCRIPTION_MAX - description.length })}
          >
            {(described) => (
              <textarea
                {...described}
                rows={4}
                maxLength={REQUEST_DESCRIPTION_MAX}
                {...register("description")}
                className={FIELD_INPUT}
              />
            )}
          </Labelled>
        </section>

        {/* 2. The car */}
        <section hidden={step !== 1} className="space-y-4">
          {heading(1, t("carTitle"))}
          {lastCar ? <p className="text-sm text-slate-600">{t("carRemembered")}</p> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Labelled id="request-make" label={t("make")} error={error("car.make")}>
              {(described) => (
                <select {...described} {...register("car.make")} className={`${FIELD_INPUT} min-h-11`}>
                  <option value="">{t("chooseMake")}</option>
                  {CAR_MAKES.map((make) => (
                    <option key={make} value={make}>
                      {make}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled id="request-model" label={t("model")} error={error("car.model")}>
              {(described) => (
                <input
                  {...described}
                  maxLength={CAR_MODEL_MAX}
                  autoComplete="off"
                  placeholder={t("modelPlaceholder")}
                  {...register("car.model")}
                  className={`${FIELD_INPUT} min-h-11`}
                />
              )}
            </Labelled>
            <Labelled id="request-year" label={t("year")} error={error("car.year")}>
              {(described) => (
                <input
                  {...described}
                  type="number"
                  inputMode="numeric"
                  min={CAR_YEAR_MIN}
                  max={Number(today.slice(0, 4)) + 1}
                  {...register("car.year")}
                  className={`${FIELD_INPUT} min-h-11`}
                />
              )}
            </Labelled>
          </div>
          <fieldset aria-describedby={error("car.fuel") ? "fuel-error" : undefined}>
            <legend className="text-sm font-medium">{t("fuel")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {CAR_FUELS.map((fuel) => (
                <label key={fuel} className={CHIP}>
                  <input type="radio" value={fuel} {...register("car.fuel")} className="sr-only" />
                  {t("fuelName", { fuel })}
                </label>
              ))}
            </div>
            <FieldError id="fuel-error" error={error("car.fuel")} />
          </fieldset>
        </section>

        {/* 3. When, and photos */}
        <section hidden={step !== 2} className="space-y-5">
          {heading(2, t("whenTitle"))}
          <fieldset aria-describedby={error("when") ? "when-error" : undefined}>
            <legend className="text-sm font-medium">{t("whenLegend")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              <label className={CHIP}>
                <input type="radio" value="yes" {...register("when.asap")} className="sr-only" />
                {t("asap")}
              </label>
              <label className={CHIP}>
                <input type="radio" value="no" {...register("when.asap")} className="sr-only" />
                {t("range")}
              </label>
            </div>
            <FieldError id="when-error" error={error("when")} />
            {asap === "yes" ? (
              <p className="mt-2 text-sm text-slate-700">{t("asapHint", { hours: REQUEST_ASAP_OPEN_HOURS })}</p>
            ) : null}
          </fieldset>
          <div hidden={asap !== "no"} className="space-y-4">
            <div className="grid grid-cols-2 gap-3">
              <Labelled id="request-from" label={t("from")} error={error("when.from")}>
                {(described) => (
                  <input
                    {...described}
                    type="date"
                    min={today}
                    max={lastDay}
                    {...register("when.from")}
                    className={`${FIELD_INPUT} min-h-11`}
                  />
                )}
              </Labelled>
              <Labelled id="request-to" label={t("to")} error={error("when.to")}>
                {(described) => (
                  <input
                    {...described}
                    type="date"
                    min={today}
                    max={lastDay}
                    {...register("when.to")}
                    className={`${FIELD_INPUT} min-h-11`}
                  />
                )}
              </Labelled>
            </div>
            <fieldset aria-describedby={error("when.partOfDay") ? "part-error" : undefined}>
              <legend className="text-sm font-medium">{t("partOfDay")}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {(["", ...PARTS_OF_DAY] as const).map((part) => (
                  <label key={part || "any"} className={CHIP}>
                    <input type="radio" value={part} {...register("when.partOfDay")} className="sr-only" />
                    {t("partOfDayName", { part: part || "any" })}
                  </label>
                ))}
              </div>
              <FieldError id="part-error" error={error("when.partOfDay")} />
            </fieldset>
          </div>
          <ImagesField
            value={images.field.value}
            onChange={images.field.onChange}
            error={error("images")}
            max={REQUEST_MAX_IMAGES}
            inputId="request-images"
            ordered={false}
            texts={{
              legend: t("photos"),
              hint: t("photosHint", { max: REQUEST_MAX_IMAGES }),
              full: t("photosFull", { max: REQUEST_MAX_IMAGES }),
            }}
          />
        </section>

        {/* 4. Who gets it, and send */}
        <section hidden={step !== 3} className="space-y-5">
          {heading(3, t("servicesTitle"))}
          <Suggestions
            start={start}
            job={job}
            asap={asap === "yes"}
            active={step === 3}
            chosen={chosen}
            register={register("serviceIds")}
            setChosen={(ids) => form.setValue("serviceIds", ids)}
            error={error("serviceIds")}
          />
          {/* The hint stays under an error too: it says who gets the number and how to write it. */}
          <Labelled id="request-phone" label={t("phone")} error={error("phone")} hint={t("phoneHint")} hintStays>
            {(described) => (
              <input
                {...described}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={PHONE_INPUT_MAX}
                placeholder="067 123 4567"
                {...register("phone")}
                className={`${FIELD_INPUT} min-h-11`}
              />
            )}
          </Labelled>
          <RequestSummary values={values} />
        </section>
      </div>

      {/* Toasts on a phone rise above this bar (components/ui/toaster.tsx): Next stays in reach. */}
      <div
        data-toast-clearance
        className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-b-xl"
      >
        <div className="flex gap-3">
          {step > 0 ? (
            <button
              type="button"
              onClick={() => goTo(step - 1)}
              disabled={busy}
              className="min-h-12 flex-1 rounded-lg border border-slate-300 bg-white px-4 font-medium hover:bg-slate-50 disabled:opacity-60 sm:flex-none sm:px-6"
            >
              {t("back")}
            </button>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="ml-auto min-h-12 flex-[2] rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 sm:flex-none sm:px-8"
          >
            {last ? (busy ? t("sending") : t("send")) : t("next")}
          </button>
        </div>
      </div>
    </form>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }): ReactNode {
  return error ? (
    <span id={id} className="mt-2 block text-xs font-medium text-red-700">
      {error}
    </span>
  ) : null;
}

/** A YYYY-MM-DD date `days` later. */
function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export type { Values as RequestFormValues };
