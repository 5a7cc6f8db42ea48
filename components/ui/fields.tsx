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

/**
 * A labelled input whose error and hint are announced with it (aria-describedby). Spread
 * react-hook-form's `register(name)` on it; `error` is useSchemaForm's `error(name)`.
 */
export function Field({ label, name, error, hint, ...input }: FieldProps) {
  const described = [error ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="text-sm">
      <label htmlFor={`field-${name}`} className="font-medium">
        {label}
      </label>
      <input id={`field-${name}`} name={name} {...input} aria-invalid={error ? true : undefined} aria-describedby={described} className={FIELD_INPUT} />
      {hint ? (
        <span id={`${name}-hint`} className="mt-1 block text-xs text-slate-500">
          {hint}
        </span>
      ) : null}
      <ErrorText id={`${name}-error`} error={error} />
    </div>
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
export function SubmitButton({ busy, label, busyLabel, inline = false }: { busy: boolean; label: string; busyLabel: string; inline?: boolean }) {
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
