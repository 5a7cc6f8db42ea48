"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";

import { ErrorText } from "@/components/ui/fields";

const SCORES = [1, 2, 3, 4, 5] as const;
/** The star of the rating display (app/globals.css, .stars), drawn here as an outline to fill. */
const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/**
 * One rating of the review form as five tap-stars: native radios of one name, each laid
 * transparent over its whole 44 px label (not clipped away: a tap or a click on the star lands on
 * the radio itself), so the browser gives the keyboard behaviour of a radio group (Tab in, arrows
 * move and choose) and react-hook-form registers them as one field the zod schema checks. Each star's label names it for
 * screen readers ("Very good, 4 stars"); the word shown beside the stars is hidden from them, as the
 * checked radio already says it. Outlined stars filled up to the choice: both states keep a 3:1
 * contrast, which a grey star against amber alone does not.
 */
export function StarInput({
  id,
  legend,
  value,
  error,
  input,
}: {
  /** The group's id stem: radios `${id}-1`…`${id}-5`, the error `${id}-error`. */
  id: string;
  legend: string;
  /** The current score as the form holds it ("" while unrated). */
  value: string;
  error?: string;
  /** react-hook-form's register() of the field, spread on each radio. */
  input: UseFormRegisterReturn;
}) {
  const t = useTranslations("Review");
  const chosen = SCORES.find((score) => String(score) === value) ?? 0;
  // Each key written out: the client message keys are read from the source (npm run messages:client-keys).
  const words = { 1: t("score1"), 2: t("score2"), 3: t("score3"), 4: t("score4"), 5: t("score5") };
  const word = (score: (typeof SCORES)[number]) => words[score];
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className="text-sm"
    >
      <legend id={`${id}-legend`} className="font-medium">
        {legend}
      </legend>
      <div className="mt-1 flex flex-wrap items-center gap-x-1 gap-y-2">
        {SCORES.map((score) => (
          <label
            key={score}
            className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg select-none hover:bg-amber-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <input
              type="radio"
              id={`${id}-${score}`}
              value={score}
              required
              {...input}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              data-filled={score <= chosen ? "true" : undefined}
              className="size-8 fill-white stroke-slate-500 stroke-[1.25] data-filled:fill-amber-400 data-filled:stroke-amber-700"
            >
              <path d={STAR} strokeLinejoin="round" />
            </svg>
            <span className="sr-only">{t("starsName", { word: word(score), count: score })}</span>
          </label>
        ))}
        <span aria-hidden="true" className="text-slate-600">
          {chosen ? word(chosen) : t("unrated")}
        </span>
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}
