"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Link, useRouter } from "@/i18n/navigation";
import { PASSWORD_PATTERN } from "@/lib/validation/account";
import { ApiError, postJson } from "./api";
import { Field, FormAlert, SubmitButton } from "./fields";

export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const t = useTranslations("Account");
  const ta = useTranslations("Auth");
  const router = useRouter();
  const [error, setError] = useState<{ message: string; unconfirmed: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    setNotice(null);
    // A password that breaks the rules cannot be right: answer without a call (spec 5).
    if (!email.trim() || !PASSWORD_PATTERN.test(password)) {
      setError({ message: ta("invalidCredentials"), unconfirmed: false });
      return;
    }
    setBusy(true);
    try {
      await postJson("/api/users/login", { email, password }, "POST", t("networkError"));
      router.replace(redirectTo);
      router.refresh();
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : new ApiError(ta("invalidCredentials"), 0);
      setError({ message: apiError.message, unconfirmed: apiError.key === "Auth.unconfirmed" });
      setBusy(false);
    }
  }

  async function resend() {
    try {
      const { message } = await postJson<{ message: string }>("/api/users/resend-confirmation", { email }, "POST", t("networkError"));
      setNotice(message);
      setError(null);
    } catch (caught) {
      setError({ message: caught instanceof Error ? caught.message : String(caught), unconfirmed: true });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {error ? (
        <FormAlert>
          <p>{error.message}</p>
          {error.unconfirmed ? (
            <button type="button" onClick={resend} className="mt-2 font-medium underline">
              {t("resend")}
            </button>
          ) : null}
        </FormAlert>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      <Field label={t("email")} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} required />
      <Field label={t("password")} name="password" type="password" autoComplete="current-password" required />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 underline">
          {t("forgotLink")}
        </Link>
      </p>
      <SubmitButton busy={busy} label={t("submitLogin")} busyLabel={t("working")} />
      <p className="text-sm text-slate-600">
        {t("noAccount")}{" "}
        <Link href={{ pathname: "/register", query: redirectTo !== "/" ? { redirect: redirectTo } : {} }} className="font-medium text-brand-700 underline">
          {t("submitRegister")}
        </Link>
      </p>
    </form>
  );
}
