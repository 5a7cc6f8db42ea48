"use client";

import type { ReactNode } from "react";

type FieldProps = {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  value?: string;
  onChange?: (value: string) => void;
  error?: string;
  hint?: string;
  maxLength?: number;
};

/** A labelled input whose error and hint are announced with it (aria-describedby). */
export function Field({ label, name, type = "text", autoComplete, required, value, onChange, error, hint, maxLength }: FieldProps) {
  const described = [error ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="text-sm">
      <label htmlFor={`field-${name}`} className="font-medium">
        {label}
      </label>
      <input
        id={`field-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        {...(onChange ? { value: value ?? "", onChange: (event) => onChange(event.target.value) } : {})}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
      />
      {hint ? (
        <span id={`${name}-hint`} className="mt-1 block text-xs text-slate-500">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${name}-error`} className="mt-1 block text-xs font-medium text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
