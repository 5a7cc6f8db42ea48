"use client";

import type { InputHTMLAttributes, ReactNode, Ref } from "react";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className"> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * An input's look, also while read-only: a disabled field (a fieldset disabled until Edit) is
 * greyed, with a fainter border, so it does not pass for one that can be typed into.
 */
export const FIELD_INPUT =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500 disabled:cursor-default disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-700";

/** What a control gets from Labelled: its id and the messages that describe it. */
export type DescribedControl = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

type LabelledProps = {
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  error?: string;
  /** What is accepted, or how much room is left: it gives way to an error unless `hintStays`. */
  hint?: ReactNode;
  hintStays?: boolean;
  /** The messages' ids are `${messageId}-error` and `${messageId}-hint` (default: the control's id). */
  messageId?: string;
  className?: string;
  /** The control (input, select, textarea), given its id, aria-invalid and aria-describedby to spread. */
  children: (control: DescribedControl) => ReactNode;
};

/** A label, its control and the messages under it, which the control is described by (announced with it). */
export function Labelled({
  id,
  label,
  error,
  hint,
  hintStays = false,
  messageId = id,
  className = "text-sm",
  children,
}: LabelledProps) {
  const showHint = hint !== undefined && hint !== null && hint !== "" && (hintStays || !error);
  const described =
    [error ? `${messageId}-error` : null, showHint ? `${messageId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      {showHint ? (
        <span id={`${messageId}-hint`} className="mt-1 block text-xs text-slate-500">
          {hint}
        </span>
      ) : null}
      <ErrorText id={`${messageId}-error`} error={error} />
    </div>
  );
}

/**
 * A labelled input whose error and hint are announced with it (aria-describedby). Spread
 * react-hook-form's `register(name)` on it; `error` is useSchemaForm's `error(name)`.
 */
export function Field({ label, name, error, hint, ...input }: FieldProps) {
  return (
    <Labelled id={`field-${name}`} messageId={name} label={label} error={error} hint={hint} hintStays>
      {(control) => <input name={name} {...input} {...control} className={FIELD_INPUT} />}
    </Labelled>
  );
}

/** A field's error under it; the field names `id` in its aria-describedby. */
export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={id} className="mt-1 block text-xs font-medium text-red-700">
      {error}
    </span>
  ) : null;
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </div>
  );
}

export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
      {children}
    </p>
  );
}

/** The form's send button, saying so while it sends; full width in the account cards, `inline` elsewhere. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  inline = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  inline?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className={`${inline ? "px-5" : "w-full px-4"} rounded-lg bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60`}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
