"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "@/components/layout/toast";
import { Link, useRouter } from "@/i18n/navigation";
import { PASSWORD_PATTERN } from "@/lib/validation/account";
import { ApiError, fieldMessages, postJson } from "./api";
import { Field, FormAlert, SubmitButton } from "./fields";

type Errors = Partial<Record<"password" | "confirm", string>>;

/** The new password from a mailed link; success signs this browser in and every other one out. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("Account");
  const tv = useTranslations("Validation");
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ message: string; expired: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    const confirm = String(data.get("confirm") ?? "");
    const next: Errors = {};
    if (!PASSWORD_PATTERN.test(password)) next.password = tv("passwordInvalid");
    if (password !== confirm) next.confirm = tv("passwordsMismatch");
    setErrors(next);
    setFailure(null);
    if (next.password || next.confirm) return;
    setBusy(true);
    try {
      await postJson("/api/users/password-reset/confirm", { token, password }, "POST", t("networkError"));
      toast.success(t("resetDone"));
      router.replace("/home");
      router.refresh();
    } catch (caught) {
      setErrors(fieldMessages(caught));
      setFailure({
        message: caught instanceof Error ? caught.message : String(caught),
        expired: caught instanceof ApiError && caught.key === "Auth.resetInvalid",
      });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-700">{t("resetText")}</p>
      {failure ? (
        <FormAlert>
          <p>{failure.message}</p>
          {failure.expired ? (
            <Link href="/forgot-password" className="mt-2 inline-block font-medium underline">
              {t("askAgain")}
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
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
      <SubmitButton busy={busy} label={t("resetSubmit")} busyLabel={t("working")} />
    </form>
  );
}
