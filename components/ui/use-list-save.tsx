"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { ApiError, fieldMessages } from "@/components/ui/api-client";
import { useAction } from "@/components/ui/use-action";

/**
 * The owner's list editors (special dates, prices) save a whole list with PUT: busy while it goes,
 * the server's per-entry messages by field ("entries.2.endsOn") when it refuses, a toast either way.
 */
export function useListSave<T>(url: string, messages: { saved: string; invalid: string }) {
  const ta = useTranslations("Account");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAction();

  async function save(body: unknown, onSaved: (saved: T) => void) {
    setErrors({});
    await run<T>(
      { url, method: "PUT", body },
      {
        success: messages.saved,
        then: onSaved,
        refresh: false,
        onError: (failure) => {
          if (!(failure instanceof ApiError && failure.errors)) return;
          setErrors(fieldMessages(failure));
          return messages.invalid;
        },
      },
    );
  }

  /** The first message about the list's entry `index` (fields under `list.index.`). */
  const errorFor = (list: string, index: number) =>
    Object.entries(errors).find(([field]) => field.startsWith(`${list}.${index}.`))?.[1];

  const saveButton = (label: string, onClick: () => void) => (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {busy ? ta("working") : label}
    </button>
  );

  return { errors, busy, save, errorFor, saveButton };
}
