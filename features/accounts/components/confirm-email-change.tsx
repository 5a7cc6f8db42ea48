"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { FormAlert, FormNotice, SubmitButton } from "@/components/ui/fields";
import { useAction } from "@/components/ui/use-action";
import { Link } from "@/i18n/navigation";

/** The link mailed to a new address: one press moves the account to it and signs out everywhere. */
export function ConfirmEmailChange({ token }: { token: string }) {
  const t = useTranslations("Account");
  const { busy, run } = useAction();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    // The outcome is said on the page (the account has just moved, or why not), not toasted.
    await run<{ message: string }>(
      { url: "/api/users/profile/email/confirm", body: { token } },
      {
        then: ({ message }) => setDone(message),
        onError: (_, message) => {
          setError(message);
          return null;
        },
      },
    );
  }

  if (done) {
    return (
      <div className="space-y-4">
        <FormNotice>{done}</FormNotice>
        <Link href="/login" className="inline-block font-medium text-brand-700 underline">
          {t("submitLogin")}
        </Link>
      </div>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
      className="space-y-4"
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      <SubmitButton busy={busy} label={t("emailChangeSubmit")} busyLabel={t("working")} />
    </form>
  );
}
