"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/layout/toast";
import { useRouter } from "@/i18n/navigation";
import { REGISTRATION_TOAST_DURATION_MS } from "@/lib/constants";
import { postJson } from "./api";
import { Field, FormAlert, SubmitButton } from "./fields";

export function ConfirmEmail({ token }: { token: string }) {
  const t = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(password: string) {
    setBusy(true);
    setError(null);
    try {
      const user = await postJson<{ name: string }>(`/api/users/confirm-email?token=${encodeURIComponent(token)}`, { password }, "POST", t("networkError"));
      toast.success(t("welcome", { name: user.name }), { duration: REGISTRATION_TOAST_DURATION_MS });
      router.replace("/home");
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void confirm(String(new FormData(event.currentTarget).get("password") ?? ""));
      }}
      noValidate
      className="space-y-4"
    >
      {error ? <FormAlert>{error}</FormAlert> : null}
      {/* The link alone does not confirm: a stranger could have signed up with this address. */}
      <Field label={t("confirmPasswordLabel")} name="password" type="password" autoComplete="current-password" required maxLength={100} />
      <SubmitButton busy={busy} label={t("confirmSubmit")} busyLabel={t("working")} />
    </form>
  );
}
