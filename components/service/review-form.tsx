"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "@/components/layout/toast";
import { fieldMessages, postJson } from "@/components/account/api";
import { FormAlert } from "@/components/account/fields";
import { useMessageText } from "@/i18n/message-key";
import { useRouter } from "@/i18n/navigation";
import { PRICE_JOBS, PRICE_MAX_UAH } from "@/lib/prices";
import { COMMENT_MAX } from "@/lib/review-limits";
import type { OwnReview } from "@/lib/server/reviews";
import { useSearchParams } from "next/navigation";

const SCORES = ["quality", "speed", "price"] as const;
/** Sent by the Edit button on the viewer's own review. */
export const EDIT_REVIEW_EVENT = "maister:edit-review";
// The schemas (and Zod with them) are fetched when the form is first used, not with the page.
const loadValidation = () => import("@/lib/validation/account");
type Errors = Partial<Record<(typeof SCORES)[number] | "comment" | "visitCode" | "paidJob" | "paidUah", string>>;

/**
 * Three ratings, a comment and an optional visit code (prefilled from the owner's link, ?code=);
 * filled with the viewer's own review when they press Edit on it (EDIT_REVIEW_EVENT). On success
 * the form resets (spec) and the page refetches the service.
 */
export function ReviewForm({ serviceId, reviewed, initial }: { serviceId: string; reviewed: boolean; initial: OwnReview | null }) {
  const t = useTranslations("Review");
  const tp = useTranslations("Prices");
  const ta = useTranslations("Account");
  const text = useMessageText();
  const router = useRouter();
  const [comment, setComment] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const own = useRef(initial);
  useEffect(() => {
    own.current = initial;
  }, [initial]);
  useEffect(() => {
    const fill = () => {
      const form = formRef.current;
      if (!form || !own.current) return;
      for (const score of SCORES) (form.elements.namedItem(score) as HTMLSelectElement).value = String(own.current.rating[score]);
      setComment(own.current.comment);
      (form.elements.namedItem("paidJob") as HTMLSelectElement).value = own.current.paidJob ?? "";
      (form.elements.namedItem("paidUah") as HTMLInputElement).value = own.current.paidUah === null ? "" : String(own.current.paidUah);
      form.scrollIntoView({ block: "start" });
      (form.elements.namedItem("quality") as HTMLSelectElement).focus();
    };
    window.addEventListener(EDIT_REVIEW_EVENT, fill);
    return () => window.removeEventListener(EDIT_REVIEW_EVENT, fill);
  }, []);
  const [visitCode, setVisitCode] = useState(useSearchParams().get("code") ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const paidJob = String(data.get("paidJob") ?? "");
    const paidUah = String(data.get("paidUah") ?? "").trim();
    const body = {
      rating: Object.fromEntries(SCORES.map((score) => [score, Number(data.get(score) || 0)])),
      comment,
      ...(visitCode.trim() ? { visitCode } : {}),
      paidJob: paidJob || null,
      paidUah: paidUah === "" ? null : Number(paidUah),
    };
    const validation = await loadValidation().catch(() => null);
    // The chunk could not be fetched (the connection dropped since the page loaded).
    if (!validation) {
      setFailure(ta("networkError"));
      return;
    }
    const { fieldErrors, reviewInput } = validation;
    const parsed = reviewInput.safeParse(body);
    const next: Errors = {};
    if (!parsed.success) {
      for (const [field, key] of Object.entries(fieldErrors(parsed.error))) next[field.replace("rating.", "") as keyof Errors] = text(key);
    }
    setErrors(next);
    setFailure(null);
    if (!parsed.success) return;
    setBusy(true);
    try {
      await postJson(`/api/items/${serviceId}/reviews`, parsed.data, "POST", ta("networkError"));
      form.reset();
      setComment("");
      setVisitCode("");
      toast.success(t("submitted"));
      router.refresh();
    } catch (caught) {
      setErrors(fieldMessages(caught, (field) => field.replace("rating.", "")));
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      id="review-form"
      ref={formRef}
      onSubmit={submit}
      onFocus={() => void loadValidation().catch(() => undefined)}
      noValidate
      aria-labelledby="review-form-title"
      className="mt-4 scroll-mt-24 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h3 id="review-form-title" className="text-lg font-semibold">
        {reviewed ? t("updateTitle") : t("title")}
      </h3>
      {reviewed ? <p className="text-sm text-slate-600">{t("updateNote")}</p> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        {SCORES.map((score) => (
          <div key={score} className="text-sm">
            <label htmlFor={`review-${score}`} className="font-medium">
              {t(score)}
            </label>
            <select
              id={`review-${score}`}
              name={score}
              required
              defaultValue=""
              aria-invalid={errors[score] ? true : undefined}
              aria-describedby={errors[score] ? `review-${score}-error` : undefined}
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
            >
              <option value="">{t("choose")}</option>
              {([1, 2, 3, 4, 5] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`score${value}`)}
                </option>
              ))}
            </select>
            {errors[score] ? (
              <span id={`review-${score}-error`} className="mt-1 block text-xs font-medium text-red-700">
                {errors[score]}
              </span>
            ) : null}
          </div>
        ))}
      </div>
      <div className="text-sm">
        <label htmlFor="review-comment" className="font-medium">
          {t("comment")}
        </label>
        <textarea
          id="review-comment"
          name="comment"
          rows={4}
          maxLength={COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby="review-comment-remaining"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
        />
        <span id="review-comment-remaining" className="mt-1 block text-xs text-slate-500">
          {errors.comment ?? t("remaining", { count: COMMENT_MAX - comment.length })}
        </span>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="text-sm">
          <label htmlFor="review-paid-job" className="font-medium">
            {tp("paidJob")}
          </label>
          <select
            id="review-paid-job"
            name="paidJob"
            defaultValue=""
            aria-invalid={errors.paidJob ? true : undefined}
            aria-describedby={errors.paidJob ? "review-paid-job-error" : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
          >
            <option value="">{tp("paidJobNone")}</option>
            {PRICE_JOBS.map((job) => (
              <option key={job} value={job}>
                {tp("job", { job })}
              </option>
            ))}
          </select>
          {errors.paidJob ? (
            <span id="review-paid-job-error" className="mt-1 block text-xs font-medium text-red-700">
              {errors.paidJob}
            </span>
          ) : null}
        </div>
        <div className="text-sm">
          <label htmlFor="review-paid-uah" className="font-medium">
            {tp("paidUah")}
          </label>
          <input
            id="review-paid-uah"
            name="paidUah"
            type="number"
            inputMode="numeric"
            min={1}
            max={PRICE_MAX_UAH}
            aria-invalid={errors.paidUah ? true : undefined}
            aria-describedby={errors.paidUah ? "review-paid-uah-error" : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
          />
          {errors.paidUah ? (
            <span id="review-paid-uah-error" className="mt-1 block text-xs font-medium text-red-700">
              {errors.paidUah}
            </span>
          ) : null}
        </div>
      </div>
      <div className="text-sm">
        <label htmlFor="review-visit-code" className="font-medium">
          {t("visitCode")}
        </label>
        <input
          id="review-visit-code"
          name="visitCode"
          value={visitCode}
          onChange={(event) => setVisitCode(event.target.value)}
          maxLength={20}
          autoComplete="off"
          aria-invalid={errors.visitCode ? true : undefined}
          aria-describedby="review-visit-code-hint"
          className="mt-1 w-full max-w-xs rounded-md border border-slate-300 px-3 py-2 font-mono uppercase aria-invalid:border-red-500"
        />
        <span id="review-visit-code-hint" className={`mt-1 block text-xs ${errors.visitCode ? "font-medium text-red-700" : "text-slate-500"}`}>
          {errors.visitCode ?? t("visitCodeHint")}
        </span>
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? t("sending") : t("submit")}
      </button>
    </form>
  );
}
