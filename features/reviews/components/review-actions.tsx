"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";

import { ActionButton } from "@/components/ui/action-button";
import { postJson } from "@/components/ui/api-client";
import { ErrorText } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { REPLY_MAX, REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from "@/features/reviews/rules";
import { useRouter } from "@/i18n/navigation";

import { EDIT_REVIEW_EVENT } from "./review-form";

const button =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60";
const loadReplySchema = () => import("@/features/reviews/schema").then((schemas) => schemas.replyInput);
const loadReportSchema = () => import("@/features/reviews/schema").then((schemas) => schemas.reportInput);
const showError = (message: string) => toast.error(message);

/**
 * The owner's (or an admin's) answer: write it once, then edit or delete it. `author`: whose review
 * it answers, in the buttons' names (every review has its own Reply).
 */
export function ReplyEditor({ url, current, author }: { url: string; current: string | null; author: string }) {
  const t = useTranslations("Review");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { form, busy, error, formProps } = useSchemaForm({
    schema: loadReplySchema,
    defaultValues: { text: current ?? "" },
    onFailure: showError,
    send: async (reply) => {
      await postJson(url, reply, current === null ? "POST" : "PUT", ta("networkError"));
      toast.success(t("replySaved"));
      router.refresh();
      setOpen(false);
    },
  });
  const text = useWatch({ control: form.control, name: "text" });

  if (!open) {
    return (
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={button}
          onClick={() => setOpen(true)}
          aria-label={current === null ? t("replyTo", { name: author }) : t("editReplyTo", { name: author })}
        >
          {current === null ? t("reply") : t("editReply")}
        </button>
        {current === null ? null : (
          <ActionButton
            url={url}
            method="DELETE"
            body={{}}
            success={t("replyDeleted")}
            confirm={t("deleteReplyConfirm")}
            ariaLabel={t("deleteReplyTo", { name: author })}
            className={button}
          >
            {t("deleteReply")}
          </ActionButton>
        )}
      </div>
    );
  }
  return (
    <form {...formProps} className="mt-2 space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("replyLabel")}
      </label>
      <textarea
        id={id}
        {...form.register("text")}
        maxLength={REPLY_MAX}
        rows={3}
        required
        autoFocus
        aria-invalid={error("text") ? true : undefined}
        aria-describedby={error("text") ? `${id}-error` : undefined}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-invalid:border-red-500"
      />
      <ErrorText id={`${id}-error`} error={error("text")} />
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={busy || !text.trim()}
          aria-busy={busy}
          className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t("saveReply")}
        </button>
        <button type="button" className={button} onClick={() => setOpen(false)}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}

/** The reviewer's own review: edit (fills the form below with it) or delete after a confirmation. */
export function OwnReviewActions({ url }: { url: string }) {
  const t = useTranslations("Review");
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="button" className={button} onClick={() => window.dispatchEvent(new Event(EDIT_REVIEW_EVENT))}>
        {t("edit")}
      </button>
      <ActionButton
        url={url}
        method="DELETE"
        body={{}}
        success={t("deleted")}
        confirm={t("deleteConfirm")}
        className={button}
      >
        {t("delete")}
      </ActionButton>
    </div>
  );
}

/** Report with a reason in a modal dialog (focus kept inside, Esc closes); the button is named after the review's `author`. */
export function ReportButton({ url, author }: { url: string; author: string }) {
  const t = useTranslations("Review");
  const ta = useTranslations("Account");
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { form, busy, error, formProps } = useSchemaForm({
    schema: loadReportSchema,
    defaultValues: { reason: "spam" as ReportReason, text: "" },
    onFailure: showError,
    send: async (report) => {
      await postJson(url, report, "POST", ta("networkError"));
      toast.success(t("reported"));
      router.refresh();
      dialog.current?.close();
    },
  });
  const reason = useWatch({ control: form.control, name: "reason" });

  return (
    <>
      <button
        type="button"
        className={`${button} mt-2`}
        onClick={() => dialog.current?.showModal()}
        aria-label={t("reportReview", { name: author })}
      >
        {t("report")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-full max-w-md rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40"
      >
        <form {...formProps} className="space-y-4">
          <h3 id={`${id}-title`} className="text-lg font-semibold">
            {t("reportTitle")}
          </h3>
          <fieldset className="space-y-1 text-sm">
            <legend className="font-medium">{t("reportReason")}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" value={value} {...form.register("reason")} />
                {t(`reasons.${value}`)}
              </label>
            ))}
          </fieldset>
          <div className="text-sm">
            <label htmlFor={`${id}-text`} className="font-medium">
              {t("reportText")}
            </label>
            <textarea
              id={`${id}-text`}
              {...form.register("text")}
              maxLength={REPORT_TEXT_MAX}
              rows={3}
              required={reason === "other"}
              aria-invalid={error("text") ? true : undefined}
              aria-describedby={error("text") ? `${id}-text-error` : undefined}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
            />
            <ErrorText id={`${id}-text-error`} error={error("text")} />
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={button} onClick={() => dialog.current?.close()}>
              {t("cancel")}
            </button>
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {t("reportSend")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
