"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";

import { postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { PRICE_MAX_UAH } from "@/domain/service/jobs";
import { useRouter } from "@/i18n/navigation";

import { kyivWallTimeToIso } from "../answer-time";
import { REQUEST_MESSAGE_MAX } from "../rules";
import { refreshInboxCount } from "./inbox-count";

const loadSchema = () => import("@/features/requests/schema").then((schemas) => schemas.answerInput(new Date()));

type Values = {
  priceKind: "one" | "range" | "none";
  price: string;
  priceFrom: string;
  priceTo: string;
  timeKind: "slot" | "earliest" | "none";
  slot: string;
  earliest: string;
  message: string;
};

const CHIP =
  "inline-flex min-h-11 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium select-none has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-600 has-focus-visible:ring-offset-2";
const PRIMARY = "min-h-11 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const SECONDARY =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-5 font-medium hover:bg-slate-50 disabled:opacity-60";

const whole = (value: string) => (value.trim() === "" ? undefined : Number(value));

/**
 * A service's answer to a request in its inbox, folded behind two buttons: Answer opens the offer
 * (one price or a range in whole hryvnias, a time on Kyiv's clock or the earliest day, a message:
 * at least one of them), Decline a short "no" with an optional message. Checked with the server's
 * schema; the inbox is read again after it, and the header's count with it.
 */
export function AnswerPanel({
  requestId,
  serviceId,
  today,
  job,
}: {
  requestId: string;
  serviceId: string;
  /** Today in Kyiv: the first day an earliest day may be. */
  today: string;
  /** The job's words, to name what the buttons answer for a screen reader. */
  job: string;
}) {
  const t = useTranslations("RequestInbox");
  const [mode, setMode] = useState<"closed" | "answer" | "decline">("closed");
  const answerButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setMode("closed");
    requestAnimationFrame(() => answerButton.current?.focus());
  };
  if (mode === "answer") return <OfferForm {...{ requestId, serviceId, today }} onCancel={close} />;
  if (mode === "decline") return <DeclineForm {...{ requestId, serviceId }} onCancel={close} />;
  return (
    <div className="flex flex-wrap gap-3">
      <button
        ref={answerButton}
        type="button"
        onClick={() => setMode("answer")}
        aria-label={t("answerLabel", { job })}
        className={PRIMARY}
      >
        {t("answer")}
      </button>
      <button
        type="button"
        onClick={() => setMode("decline")}
        aria-label={t("declineLabel", { job })}
        className={SECONDARY}
      >
        {t("decline")}
      </button>
    </div>
  );
}

function OfferForm({
  requestId,
  serviceId,
  today,
  onCancel,
}: {
  requestId: string;
  serviceId: string;
  today: string;
  onCancel: () => void;
}) {
  const t = useTranslations("RequestInbox");
  const ta = useTranslations("Account");
  const router = useRouter();
  const id = useId();
  const { form, busy, failure, error, formProps } = useSchemaForm<Values, unknown>({
    schema: loadSchema,
    defaultValues: {
      priceKind: "one",
      price: "",
      priceFrom: "",
      priceTo: "",
      timeKind: "earliest",
      slot: "",
      earliest: today,
      message: "",
    },
    request: (values) => ({
      serviceId,
      price: values.priceKind === "one" ? whole(values.price) : undefined,
      priceFrom: values.priceKind === "range" ? whole(values.priceFrom) : undefined,
      priceTo: values.priceKind === "range" ? whole(values.priceTo) : undefined,
      slot: values.timeKind === "slot" ? (kyivWallTimeToIso(values.slot) ?? values.slot) : undefined,
      earliest: values.timeKind === "earliest" && values.earliest ? values.earliest : undefined,
      message: values.message,
    }),
    send: async (body) => {
      await postJson(`/api/requests/${requestId}/answers`, body, "POST", ta("networkError"));
      toast.success(t("answered"));
      refreshInboxCount();
      router.refresh();
    },
  });
  const { register, control, setFocus } = form;
  // Opened by the Answer press: the price comes next.
  useEffect(() => setFocus("price"), [setFocus]);
  const [priceKind, timeKind, message] = useWatch({ control, name: ["priceKind", "timeKind", "message"] });
  const amount = (name: "price" | "priceFrom" | "priceTo", label: string) => (
    <Labelled id={`${id}-${name}`} label={label} error={error(name)}>
      {(described) => (
        <input
          {...described}
          type="number"
          inputMode="numeric"
          min={1}
          max={PRICE_MAX_UAH}
          step={1}
          {...register(name)}
          className={`${FIELD_INPUT} min-h-11`}
        />
      )}
    </Labelled>
  );

  return (
    <form
      {...formProps}
      aria-labelledby={`${id}-title`}
      className="border-brand-200 space-y-4 rounded-xl border bg-brand-50/40 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t("answerTitle")}
      </h3>
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t("priceLegend")}</legend>
        <div className="flex flex-wrap gap-2">
          {(["one", "range", "none"] as const).map((kind) => (
            <label key={kind} className={CHIP}>
              <input type="radio" value={kind} {...register("priceKind")} className="sr-only" />
              {t("priceKind", { kind })}
            </label>
          ))}
        </div>
        <div hidden={priceKind !== "one"} className="max-w-48">
          {amount("price", t("price"))}
        </div>
        <div hidden={priceKind !== "range"} className="grid max-w-md grid-cols-2 gap-3">
          {amount("priceFrom", t("priceFrom"))}
          {amount("priceTo", t("priceTo"))}
        </div>
        {priceKind !== "one" && error("price") ? (
          <p className="text-xs font-medium text-red-700">{error("price")}</p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t("timeLegend")}</legend>
        <div className="flex flex-wrap gap-2">
          {(["earliest", "slot", "none"] as const).map((kind) => (
            <label key={kind} className={CHIP}>
              <input type="radio" value={kind} {...register("timeKind")} className="sr-only" />
              {t("timeKind", { kind })}
            </label>
          ))}
        </div>
        <div hidden={timeKind !== "slot"} className="max-w-64">
          <Labelled id={`${id}-slot`} label={t("slot")} error={error("slot")} hint={t("slotHint")}>
            {(described) => (
              <input
                {...described}
                type="datetime-local"
                min={`${today}T00:00`}
                {...register("slot")}
                className={`${FIELD_INPUT} min-h-11`}
              />
            )}
          </Labelled>
        </div>
        <div hidden={timeKind !== "earliest"} className="max-w-56">
          <Labelled id={`${id}-earliest`} label={t("earliest")} error={error("earliest")}>
            {(described) => (
              <input
                {...described}
                type="date"
                min={today}
                {...register("earliest")}
                className={`${FIELD_INPUT} min-h-11`}
              />
            )}
          </Labelled>
        </div>
      </fieldset>
      <Labelled
        id={`${id}-message`}
        label={t("message")}
        error={error("message")}
        hint={t("remaining", { count: REQUEST_MESSAGE_MAX - message.length })}
      >
        {(described) => (
          <textarea
            {...described}
            rows={3}
            maxLength={REQUEST_MESSAGE_MAX}
            {...register("message")}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} aria-busy={busy} className={PRIMARY}>
          {busy ? ta("working") : t("send")}
        </button>
        <button type="button" onClick={onCancel} disabled={busy} className={SECONDARY}>
          {t("notNow")}
        </button>
      </div>
    </form>
  );
}

function DeclineForm({
  requestId,
  serviceId,
  onCancel,
}: {
  requestId: string;
  serviceId: string;
  onCancel: () => void;
}) {
  const t = useTranslations("RequestInbox");
  const ta = useTranslations("Account");
  const router = useRouter();
  const id = useId();
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const decline = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await postJson(
        `/api/requests/${requestId}/answers`,
        { serviceId, decline: true, message },
        "POST",
        ta("networkError"),
      );
      toast.success(t("declined"));
      refreshInboxCount();
      router.refresh();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : ta("networkError"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void decline();
      }}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border border-slate-300 bg-slate-50 p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t("declineTitle")}
      </h3>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Labelled
        id={`${id}-message`}
        label={t("declineMessage")}
        hint={t("remaining", { count: REQUEST_MESSAGE_MAX - message.length })}
      >
        {(described) => (
          <textarea
            {...described}
            // The form opened on the Decline press: its one field comes next.
            autoFocus
            rows={2}
            maxLength={REQUEST_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="min-h-11 rounded-lg bg-slate-800 px-5 font-semibold text-white hover:bg-slate-900 disabled:opacity-60"
        >
          {busy ? ta("working") : t("declineSubmit")}
        </button>
        <button type="button" onClick={onCancel} disabled={busy} className={SECONDARY}>
          {t("notNow")}
        </button>
      </div>
    </form>
  );
}
