"use client";

import type { ReactNode } from "react";

import type { ActionMethod } from "@/components/ui/action";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "@/i18n/navigation";

type Props<T> = {
  url: string;
  method?: ActionMethod;
  body?: unknown;
  /** The success toast; by default the answer's own translated `message`, when it has one. */
  success?: string;
  /** Where to go once it went through, before the page is refreshed. */
  goTo?: string;
  /** What the page does with the answer (client callers). */
  then?: (answer: T) => void;
  /** Re-render the page's server parts once it went through (default: yes). */
  refresh?: boolean;
  /** Ask 'Are you sure?' with this question first (components/ui/confirm-button.tsx). */
  confirm?: string;
  /** The question's yes, when it is not "Yes, delete". */
  confirmLabel?: string;
  /** The button's words, and while it sends, `busyLabel` when given. */
  children: ReactNode;
  busyLabel?: string;
  ariaLabel?: string;
  /** A toggle's state (aria-pressed). */
  pressed?: boolean;
  className: string;
};

const messageOf = (answer: unknown) =>
  answer && typeof answer === "object" && "message" in answer && typeof answer.message === "string"
    ? answer.message
    : undefined;

/** A button that makes one request with useAction; disabled while it goes. */
export function ActionButton<T = unknown>({
  url,
  method,
  body,
  success,
  goTo,
  then,
  refresh,
  confirm,
  confirmLabel,
  children,
  busyLabel,
  ariaLabel,
  pressed,
  className,
}: Props<T>) {
  const router = useRouter();
  const { busy, run } = useAction();
  const act = () =>
    void run<T>(
      { url, method, body },
      {
        success: success ?? messageOf,
        refresh,
        then: (answer) => {
          then?.(answer);
          if (goTo) router.replace(goTo);
        },
      },
    );
  const label = busy && busyLabel ? busyLabel : children;
  if (confirm !== undefined)
    return (
      <ConfirmButton
        label={label}
        ariaLabel={ariaLabel}
        question={confirm}
        confirmLabel={confirmLabel}
        onConfirm={act}
        disabled={busy}
        className={className}
      />
    );
  return (
    <button
      type="button"
      onClick={act}
      disabled={busy}
      aria-busy={busy}
      aria-label={ariaLabel}
      aria-pressed={pressed}
      className={className}
    >
      {label}
    </button>
  );
}
