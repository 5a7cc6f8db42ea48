"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";

import { postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled, SubmitButton } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { PRICE_JOBS, PRICE_MAX_UAH } from "@/domain/service/jobs";
import type { OwnReview } from "@/features/reviews/answers";
import { RATING_ASPECTS } from "@/features/reviews/rating";
import { COMMENT_MAX, VISIT_CODE_MAX } from "@/features/reviews/rules";
import { useRouter } from "@/i18n/navigation";

import { StarInput } from "./star-input";
import { useAspectLabels } from "./use-aspect-labels";

/** Sent by the Edit button on the viewer's own review. */
export const EDIT_REVIEW_EVENT = "maister:edit-review";
const loadSchema = () => import("@/features/reviews/schema").then((schemas) => schemas.reviewInput);
const UNRATED = { quality: "", speed: "", price: "" };
const EMPTY = { rating: UNRATED, comment: "", visitCode: "", paidJob: "", paidUah: "" };

type Values = typeof EMPTY;

/** The form's values for a review the viewer wrote (the visit code is not kept: it was used). */
function valuesOf(own: OwnReview): Omit<Values, "visitCode"> {
  return {
    rating: { quality: String(own.rating.quality), speed: String(own.rating.speed), price: String(own.rating.price) },
    comment: own.comment,
    paidJob: own.paidJob ?? "",
    paidUah: own.paidUah === null ? "" : String(own.paidUah),
  };
}

/**
 * Three ratings, a comment, what was paid for which job (both or neither) and an optional visit
 * code (prefilled from the owner's link, ?code=). On success the form resets (spec) and the page
 * refetches the service. Once the viewer has a review here the form is folded into "Edit your
 * review" (an empty "Update your review" form under the review just posted read as if it was
 * lost); that button, or Edit on the review itself (EDIT_REVIEW_EVENT), opens it filled with the
 * review.
 */
export function ReviewForm({
  serviceId,
  reviewed,
  initial,
}: {
  serviceId: string;
  reviewed: boolean;
  initial: OwnReview | null;
}) {
  const t = useTranslations("Review");
  const tp = useTranslations("Prices");
  const ta = useTranslations("Account");
  const aspectLabels = useAspectLabels();
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  // What was sent stands for the viewer's review until the refetched page brings it (`initial`).
  const [sent, setSent] = useState<Omit<Values, "visitCode"> | null>(null);
  const [editing, setEditing] = useState(false);
  // Where the focus goes once the form has opened or folded: the button pressed is gone by then.
  const focusNext = useRef<"form" | "folded" | null>(null);
  const foldedButton = useRef<HTMLButtonElement>(null);
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { ...EMPTY, visitCode: useSearchParams().get("code") ?? "" },
    // The star radios hold text; the API takes the scores as JSON numbers ("" stays unrated).
    request: ({ paidJob, paidUah, rating, ...values }) => ({
      ...values,
      rating: Object.fromEntries(
        RATING_ASPECTS.map((score) => [score, rating[score] === "" ? undefined : Number(rating[score])]),
      ),
      visitCode: values.visitCode.trim() ? values.visitCode : undefined,
      paidJob: paidJob || null,
      paidUah: paidUah.trim() === "" ? null : Number(paidUah),
    }),
    send: async (review) => {
      await postJson(`/api/items/${serviceId}/reviews`, review, "POST", ta("networkError"));
      const { rating, comment, paidJob, paidUah } = form.getValues();
      setSent({ rating, comment, paidJob, paidUah });
      form.reset(EMPTY);
      setEditing(false);
      focusNext.current = "folded";
      toast.success(t("submitted"));
      router.refresh();
    },
  });
  const comment = useWatch({ control: form.control, name: "comment" });
  const rating = useWatch({ control: form.control, name: "rating" });
  // The refetched page has spoken (the review is there, or deleted): what was sent stands for nothing now.
  const [known, setKnown] = useState(initial);
  if (known !== initial) {
    setKnown(initial);
    setSent(null);
  }
  const own = sent ?? (initial ? valuesOf(initial) : null);
  const hasOwn = reviewed || sent !== null;
  const folded = hasOwn && !editing;
  const { setValue, setFocus } = form;

  function fillAndFocus() {
    focusNext.current = null;
    if (!formRef.current || !own) return;
    for (const score of RATING_ASPECTS) setValue(`rating.${score}`, own.rating[score]);
    setValue("comment", own.comment);
    setValue("paidJob", own.paidJob);
    setValue("paidUah", own.paidUah);
    formRef.current.scrollIntoView({ block: "start" });
    // The chosen star, as Tab into the group would: react-hook-form's setFocus takes a radio group's first.
    const star = formRef.current.querySelector<HTMLInputElement>(`#review-quality-${own.rating.quality}`);
    if (star) star.focus();
    else setFocus("rating.quality");
  }

  function open() {
    focusNext.current = "form";
    setEditing(true);
    // Already open: filled again now, as the effect below does once it opens.
    if (formRef.current) fillAndFocus();
  }

  // Subscribed anew with each render, so it fills the form with this render's review.
  useEffect(() => {
    window.addEventListener(EDIT_REVIEW_EVENT, open);
    return () => window.removeEventListener(EDIT_REVIEW_EVENT, open);
  });

  useEffect(() => {
    if (focusNext.current === "form" && !folded) fillAndFocus();
    else if (focusNext.current === "folded" && folded) {
      focusNext.current = null;
      foldedButton.current?.focus();
    }
  });

  if (folded) {
    return (
      <section
        id="review-form"
        aria-labelledby="review-form-title"
        className="mt-4 scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h3 id="review-form-title" className="text-lg font-semibold">
          {t("yours")}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t("reviewedNote")}</p>
        <button
          ref={foldedButton}
          type="button"
          onClick={open}
          className="mt-3 rounded-lg border border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t("editOwn")}
        </button>
      </section>
    );
  }

  return (
    <form
      id="review-form"
      ref={formRef}
      {...formProps}
      aria-labelledby="review-form-title"
      className="mt-4 scroll-mt-24 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id="review-form-title" className="text-lg font-semibold">
        {hasOwn ? t("updateTitle") : t("title")}
      </h3>
      {hasOwn ? <p className="text-sm text-slate-600">{t("updateNote")}</p> : null}
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <div className="grid gap-4 lg:grid-cols-3">
        {RATING_ASPECTS.map((score) => (
          <StarInput
            key={score}
            id={`review-${score}`}
            legend={aspectLabels[score]}
            value={rating[score]}
            error={error(`rating.${score}`)}
            input={form.register(`rating.${score}`)}
          />
        ))}
      </div>
      <Labelled
        id="review-comment"
        label={t("comment")}
        error={error("comment")}
        hint={t("remaining", { count: COMMENT_MAX - comment.length })}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={COMMENT_MAX}
            {...form.register("comment")}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <div className="grid gap-4 sm:grid-cols-2">
        <Labelled id="review-paid-job" label={tp("paidJob")} error={error("paidJob")}>
          {(control) => (
            <select {...control} {...form.register("paidJob")} className={FIELD_INPUT}>
              <option value="">{tp("paidJobNone")}</option>
              {PRICE_JOBS.map((job) => (
                <option key={job} value={job}>
                  {tp("job", { job })}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled id="review-paid-uah" label={tp("paidUah")} error={error("paidUah")}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={PRICE_MAX_UAH}
              {...form.register("paidUah")}
              className={FIELD_INPUT}
            />
          )}
        </Labelled>
      </div>
      <Labelled id="review-visit-code" label={t("visitCode")} error={error("visitCode")} hint={t("visitCodeHint")}>
        {(control) => (
          <input
            {...control}
            {...form.register("visitCode")}
            maxLength={VISIT_CODE_MAX}
            autoComplete="off"
            className={`${FIELD_INPUT} block max-w-xs font-mono uppercase`}
          />
        )}
      </Labelled>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} label={t("submit")} busyLabel={t("sending")} inline />
        {hasOwn ? (
          <button
            type="button"
            onClick={() => {
              focusNext.current = "folded";
              setEditing(false);
            }}
            className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50"
          >
            {t("cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
