"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Link } from "@/i18n/navigation";
import { postJson } from "./api";
import { Field, FormAlert, SubmitButton } from "./fields";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("Account");
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { message } = await postJson<{ message: string }>("/api/users/password-reset", { email }, "POST", t("networkError"));
      setSent(message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {sent}
        </p>
        <Link href="/login" className="inline-block font-medium text-brand-700 underline">
          {t("backToLogin")}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-700">{t("forgotText")}</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Field label={t("email")} name="email" type="email" autoComplete="email" required maxLength={100} value={email} onChange={setEmail} />
      <SubmitButton busy={busy} label={t("forgotSubmit")} busyLabel={t("working")} />
      <Link href="/login" className="inline-block text-sm font-medium text-brand-700 underline">
        {t("backToLogin")}
      </Link>
    </form>
  );
}
