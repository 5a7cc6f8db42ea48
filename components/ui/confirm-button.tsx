"use client";

import { useTranslations } from "next-intl";
import { useRef, type ReactNode } from "react";

type Props = {
  label: ReactNode;
  ariaLabel?: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  /** The dialog's yes, for what is not a deletion (accept an answer): then in the brand's colour. */
  confirmLabel?: string;
};

/** Spec §5 "AreYouSure": a modal dialog (focus kept inside, Esc cancels) before anything is deleted. */
export function ConfirmButton({ label, ariaLabel, question, onConfirm, disabled, className, confirmLabel }: Props) {
  const t = useTranslations("Listing");
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => dialog.current?.showModal()}
        className={
          className ??
          "rounded-lg border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        }
      >
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-label={t("areYouSure")}
        className="m-auto max-w-sm rounded-xl p-6 shadow-xl backdrop:bg-slate-900/40"
      >
        <p className="text-base">{question}</p>
        <form method="dialog" className="mt-5 flex justify-end gap-3">
          <button
            value="cancel"
            autoFocus
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
          >
            {t("cancel")}
          </button>
          <button
            value="confirm"
            onClick={(event) => {
              event.preventDefault();
              dialog.current?.close();
              onConfirm();
            }}
            className={`rounded-lg px-4 py-2 font-medium text-white ${confirmLabel ? "bg-brand-600 hover:bg-brand-700" : "bg-red-600 hover:bg-red-700"}`}
          >
            {confirmLabel ?? t("confirmDelete")}
          </button>
        </form>
      </dialog>
    </>
  );
}
