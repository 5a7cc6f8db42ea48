"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";

import { ApiError, postJson } from "@/components/ui/api-client";
import { FIELD_INPUT, FormAlert, Labelled } from "@/components/ui/fields";
import { toast } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";

import { REQUEST_REASON_MAX } from "../rules";

type Texts = {
  /** The folded form's button, and the heading once open. */
  open: string;
  reasonLabel: string;
  submit: string;
  done: string;
};

/**
 * Cancel with a reason, folded behind one button so it is not pressed by chance: the driver's
 * request (open or accepted), the chosen service's acceptance (`serviceId`), or an admin's close
 * (`url` of the admin route). The reason is required; the other side reads it.
 */
export function CancelRequest({
  url,
  serviceId,
  texts,
  tone = "danger",
  modal = false,
}: {
  url: string;
  serviceId?: string;
  texts: Texts;
  tone?: "danger" | "quiet";
  /** In a dialog over the page (a row of the admin's table), not unfolded in place. */
  modal?: boolean;
}) {
  const t = useTranslations("MyRequests");
  const ta = useTranslations("Account");
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const field = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const show = (next: boolean) => {
    setOpen(next);
    if (modal) {
      if (next) dialog.current?.showModal();
      else dialog.current?.close();
    }
    if (!next) setError({});
    requestAnimationFrame(() => (next ? field.current : opener.current)?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError({});
    try {
      await postJson(url, serviceId ? { reason, serviceId } : { reason }, "POST", ta("networkError"));
      toast.success(texts.done);
      show(false);
      router.refresh();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.errors?.reason?.message : undefined;
      if (message) {
        setError({ field: message });
        field.current?.focus();
      } else setError({ form: failure instanceof Error ? failure.message : ta("networkError") });
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <button
      ref={opener}
      type="button"
      onClick={() => show(true)}
      className={
        tone === "danger"
          ? "min-h-11 rounded-lg border border-red-300 bg-white px-4 text-sm font-medium text-red-800 hover:bg-red-50"
          : "min-h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
      }
    >
      {texts.open}
    </button>
  );
  const form = (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
      className={modal ? "space-y-3" : "space-y-3 rounded-xl border border-red-200 bg-red-50/40 p-4"}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {texts.open}
      </h3>
      {error.form ? <FormAlert>{error.form}</FormAlert> : null}
      <Labelled
        id={`${id}-reason`}
        label={texts.reasonLabel}
        error={error.field}
        hint={t("remaining", { count: REQUEST_REASON_MAX - reason.length })}
      >
        {(described) => (
          <textarea
            {...described}
            ref={field}
            name="reason"
            rows={3}
            required
            maxLength={REQUEST_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={FIELD_INPUT}
          />
        )}
      </Labelled>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="min-h-11 rounded-lg bg-red-700 px-5 font-medium text-white hover:bg-red-800 disabled:opacity-60"
        >
          {busy ? ta("working") : texts.submit}
        </button>
        <button
          type="button"
          onClick={() => show(false)}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-5 font-medium hover:bg-slate-50"
        >
          {t("keep")}
        </button>
      </div>
    </form>
  );
  if (modal)
    return (
      <>
        {button}
        {/* Esc closes it as Keep does. */}
        <dialog
          ref={dialog}
          aria-labelledby={`${id}-title`}
          onClose={() => open && show(false)}
          className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl p-5 whitespace-normal shadow-xl backdrop:bg-slate-900/40"
        >
          {open ? form : null}
        </dialog>
      </>
    );
  return open ? form : button;
}
