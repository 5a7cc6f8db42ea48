"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useMessageText } from "@/i18n/message-key";
import { Link } from "@/i18n/navigation";
import { registerInput, fieldErrors } from "@/lib/validation/account";
import { fieldMessages, postJson } from "./api";
import { Field, FormAlert, SubmitButton } from "./fields";

type Errors = Partial<Record<"name" | "email" | "password" | "confirm", string>>;

export function RegisterForm() {
  const t = useTranslations("Account");
  const tv = useTranslations();
  const text = useMessageText();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = registerInput.safeParse(data);
    const next: Errors = {};
    if (!parsed.success) {
      for (const [field, key] of Object.entries(fieldErrors(parsed.error))) next[field as keyof Errors] = text(key);
      if (next.password) next.password = tv("Validation.passwordInvalid");
    }
    if (data.password !== data.confirm) next.confirm = tv("Validation.passwordsMismatch");
    setErrors(next);
    setFailure(null);
    if (!parsed.success || next.confirm) return;
    setBusy(true);
    try {
      const { message } = await postJson<{ message: string }>("/api/users", parsed.data, "POST", t("networkError"));
      setDone(message);
    } catch (caught) {
      setErrors(fieldMessages(caught));
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
        {done}
      </p>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Field
        label={t("name")}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        error={errors.name}
        hint={errors.name ? tv("Validation.nameHint") : undefined}
      />
      <Field label={t("email")} name="email" type="email" autoComplete="email" required maxLength={100} error={errors.email} />
      <Field
        label={t("password")}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={100}
        error={errors.password}
        hint={t("passwordHint")}
      />
      <Field label={t("confirmPassword")} name="confirm" type="password" autoComplete="new-password" required maxLength={100} error={errors.confirm} />
      <SubmitButton busy={busy} label={t("submitRegister")} busyLabel={t("working")} />
      <p className="text-sm text-slate-600">
        {t("haveAccount")}{" "}
        <Link href="/login" className="font-medium text-brand-700 underline">
          {t("submitLogin")}
        </Link>
      </p>
    </form>
  );
}
