"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Link, useRouter } from "@/i18n/navigation";
import { FormAlert, FormNotice, SubmitButton } from "@/components/ui/fields";
import { postJson } from "@/components/ui/api-client";

/** The link mailed to a new address: one press moves the account to it and signs out everywhere. */
export function ConfirmEmailChange({ token }: { token: string }) {
  const t = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const { message } = await postJson<{ message: string }>("/api/users/profile/email/confirm", { token }, "POST", t("networkError"));
      setDone(message);
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
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
