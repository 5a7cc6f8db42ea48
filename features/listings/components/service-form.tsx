"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";

import { FIELD_INPUT, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { BRANDS, CATEGORIES, EXPERIENCE_OPTIONS, PAYMENT_METHODS, storedCategory } from "@/domain/service/fields";
import { type Weekday } from "@/domain/service/week";
import { TimetableEditor } from "@/features/hours/components/timetable-editor";
import { DESCRIPTION_MAX, SERVICE_RADIUS_MAX_KM, serviceInput, type ServiceInput } from "@/features/listings/schema";
import { ERROR_ORDER, type ServiceFormState } from "@/features/listings/service-form";
import { ImagesField } from "@/features/uploads/components/images-field";
import { useMessageText } from "@/i18n/message-key";
import { displayPhone, formatPhoneInput, PHONE_INPUT_MAX } from "@/lib/phone";

import { LocationPicker } from "./location-picker";

type Props = {
  initial: ServiceFormState;
  readOnly?: boolean;
  busy?: boolean;
  submitLabel: string;
  onSubmit: (values: ServiceInput) => void | Promise<void>;
  onCancel?: () => void;
  /** Server field errors (message keys already translated) to show next to the fields. */
  serverErrors?: Record<string, string>;
};

/** The first message in a (possibly nested: coordinates.lat, timetable.friday) field error. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  for (const [key, value] of Object.entries(error)) {
    const found = key === "ref" ? undefined : firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

const input = FIELD_INPUT;

/**
 * The one station / master form (spec §2 and 5): /addservice, /mechanicregister, /mechanic-profile,
 * /mystos edits and the admin edit. Rules come from features/listings/schema.ts, shared with the
 * server; the first problem in the spec's order is also announced as a toast. `initial` is read
 * on mount only: callers remount (key) to start over.
 */
export function ServiceForm({ initial, readOnly, busy, submitLabel, onSubmit, onCancel, serverErrors = {} }: Props) {
  const t = useTranslations("ServiceForm");
  const tc = useTranslations("Categories");
  const tr = useTranslations();
  const keyText = useMessageText();
  // Stored numbers (+380…) are shown as the spec's XXX XXX XXXX; both parse to the same stored form.
  const form = useForm<ServiceFormState, unknown, ServiceInput>({
    resolver: zodResolver(serviceInput) as unknown as Resolver<ServiceFormState, unknown, ServiceInput>,
    defaultValues: {
      ...initial,
      contactPhone1: displayPhone(initial.contactPhone1),
      contactPhone2: displayPhone(initial.contactPhone2),
      viber: displayPhone(initial.viber),
    },
  });
  const { register, control, handleSubmit, formState } = form;
  const [address, description = "", isOnTheGo] = useWatch({ control, name: ["address", "description", "isOnTheGo"] });

  const message = (key: string | undefined) => (key ? keyText(key) : undefined);
  const errors = formState.errors as FieldErrors<ServiceFormState> & Record<string, { message?: string } | undefined>;
  const fieldError = (name: string) => serverErrors[name] ?? message(errors[name]?.message);
  // The server names paymentMethods when an update unticked cash under a ticked outage box.
  const outageError = fieldError("cashOnlyInOutage") ?? fieldError("paymentMethods");
  const locationError =
    serverErrors.coordinates ??
    serverErrors.address ??
    message(firstMessage(errors.coordinates) ?? errors.address?.message);
  const dayErrors = Object.fromEntries(
    Object.entries((errors.timetable ?? {}) as Record<string, { message?: string }>).map(([day, error]) => [
      day,
      message(error?.message) ?? "",
    ]),
  ) as Partial<Record<Weekday, string>>;

  function announceFirst(found: FieldErrors<ServiceFormState>) {
    const key = ERROR_ORDER.find((name) => found[name]);
    if (!key) return;
    const text = firstMessage(found[key]);
    if (text) toast.error(message(text));
  }

  const text = (
    name: "name" | "contactMail" | "website" | "facebook" | "instagram" | "telegram",
    type = "text",
    autoComplete?: string,
    max = 100,
  ) => (
    <Labelled id={`service-${name}`} label={t(name)} error={fieldError(name)}>
      {(described) => (
        <input
          {...described}
          type={type}
          autoComplete={autoComplete}
          maxLength={max}
          {...register(name)}
          className={input}
        />
      )}
    </Labelled>
  );
  const phone = (name: "contactPhone1" | "contactPhone2" | "viber") => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        // The hint stays under an error too: it says which ways of writing a number are understood.
        <Labelled id={`service-${name}`} label={t(name)} error={fieldError(name)} hint={t("phoneHint")} hintStays>
          {(described) => (
            <input
              {...described}
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_INPUT_MAX}
              placeholder="067 123 4567"
              value={field.value ?? ""}
              onChange={(event) => field.onChange(formatPhoneInput(event.target.value))}
              onBlur={() => {
                field.onChange(displayPhone(field.value ?? ""));
                field.onBlur();
              }}
              className={input}
            />
          )}
        </Labelled>
      )}
    />
  );

  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values), announceFirst)} noValidate className="space-y-6">
      <fieldset disabled={readOnly || busy} className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", "text", "organization")}
          {text("contactMail", "email", "email")}
          {phone("contactPhone1")}
          {phone("contactPhone2")}
        </div>

        <Controller
          name="images"
          control={control}
          render={({ field }) => (
            <ImagesField
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly || busy}
              error={fieldError("images") ?? fieldError("image")}
            />
          )}
        />

        <fieldset className="text-sm">
          <legend className="font-medium">{t("isOnTheGo")}</legend>
          <Controller
            name="isOnTheGo"
            control={control}
            render={({ field }) => (
              <div className="mt-1 flex gap-4">
                {[true, false].map((option) => (
                  <label key={String(option)} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="isOnTheGo"
                      checked={field.value === option}
                      onChange={() => field.onChange(option)}
                      className="size-4"
                    />
                    {option ? t("yes") : t("no")}
                  </label>
                ))}
              </div>
            )}
          />
        </fieldset>

        {isOnTheGo ? (
          <Labelled
            id="service-serviceRadiusKm"
            label={t("serviceRadius")}
            error={fieldError("serviceRadiusKm")}
            hint={t("serviceRadiusHint")}
            hintStays
            className="max-w-xs text-sm"
          >
            {(described) => (
              <input
                {...described}
                type="number"
                inputMode="numeric"
                min={1}
                max={SERVICE_RADIUS_MAX_KM}
                {...register("serviceRadiusKm", {
                  setValueAs: (value: unknown) => (value === "" || value === null ? null : Number(value)),
                })}
                className={input}
              />
            )}
          </Labelled>
        ) : null}

        <Controller
          name="timetable"
          control={control}
          render={({ field }) => (
            <TimetableEditor
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly || busy}
              errors={dayErrors}
            />
          )}
        />

        <Controller
          name="coordinates"
          control={control}
          render={({ field }) => (
            <LocationPicker
              coordinates={field.value}
              address={address}
              disabled={readOnly || busy}
              error={locationError}
              onChange={(next) => {
                field.onChange(next.coordinates);
                form.setValue("address", next.address, { shouldDirty: true });
              }}
            />
          )}
        />

        <Labelled
          id="service-description"
          label={t("description")}
          error={fieldError("description")}
          hint={t("remaining", { count: DESCRIPTION_MAX - description.length })}
        >
          {(described) => (
            <textarea
              {...described}
              rows={4}
              maxLength={DESCRIPTION_MAX}
              {...register("description")}
              className={input}
            />
          )}
        </Labelled>

        <div className="grid gap-4 sm:grid-cols-3">
          <Labelled id="service-category" label={t("category")} error={fieldError("category")}>
            {(described) => (
              <select {...described} {...register("category")} className={input}>
                {/* Trailers is offered, but sent as trucks (spec §3). */}
                {CATEGORIES.map((category) => (
                  <option key={category} value={storedCategory(category)}>
                    {tc(category)}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled id="service-brand" label={t("brand")} error={fieldError("brand")}>
            {(described) => (
              <select {...described} {...register("brand")} className={input}>
                {BRANDS.map((brand) => (
                  <option key={brand} value={brand}>
                    {brand === "Any" ? t("brandAny") : brand}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <Labelled id="service-experience" label={t("experience")} error={fieldError("experience")}>
            {(described) => (
              <select {...described} {...register("experience", { valueAsNumber: true })} className={input}>
                {EXPERIENCE_OPTIONS.map((years) => (
                  <option key={years} value={years}>
                    {years === 21 ? t("experienceMore") : years}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          {text("website", "url", "url")}
          {text("facebook", "url")}
          {text("instagram", "url")}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          {phone("viber")}
          {text("telegram", "text", "off", 60)}
        </div>

        <fieldset className="text-sm">
          <legend className="font-medium">{t("paymentMethods")}</legend>
          <Controller
            name="paymentMethods"
            control={control}
            render={({ field }) => (
              <div className="mt-1 flex flex-wrap gap-4">
                {PAYMENT_METHODS.map((method) => (
                  <label key={method} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={(field.value ?? []).includes(method)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...(field.value ?? []), method]
                            : (field.value ?? []).filter((value) => value !== method),
                        )
                      }
                      className="size-4"
                    />
                    {t("paymentMethod", { method })}
                  </label>
                ))}
              </div>
            )}
          />
          <label className="mt-2 flex items-center gap-2">
            <input
              type="checkbox"
              {...register("cashOnlyInOutage")}
              aria-invalid={outageError ? true : undefined}
              aria-describedby={outageError ? "service-cashOnlyInOutage-error" : undefined}
              className="size-4"
            />
            {t("cashOnlyInOutage")}
          </label>
          {outageError ? (
            <span id="service-cashOnlyInOutage-error" className="mt-1 block text-xs font-medium text-red-700">
              {outageError}
            </span>
          ) : null}
        </fieldset>
      </fieldset>

      {readOnly ? null : (
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {submitLabel}
          </button>
          {onCancel ? (
            <button
              type="button"
              onClick={onCancel}
              disabled={busy}
              className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50"
            >
              {tr("Listing.cancel")}
            </button>
          ) : null}
        </div>
      )}
    </form>
  );
}
