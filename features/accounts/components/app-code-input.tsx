import type { InputHTMLAttributes } from "react";

import { FIELD_INPUT } from "@/components/ui/fields";

/**
 * The six-digit code of an authenticator app, wherever one is asked for: the phone offers the code
 * from its autofill (one-time-code) and a number pad; a space in "123 456" is allowed.
 */
export function AppCodeInput({ className = "", ...control }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      {...control}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      autoFocus
      className={`${FIELD_INPUT} font-mono tracking-widest ${className}`.trim()}
    />
  );
}
