"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";

import { postJson } from "@/components/ui/api-client";
import { Field, FormAlert, FormNotice, SubmitButton } from "@/components/ui/fields";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { ACCOUNT_TEXT_MAX, inPageLanguage } from "@/features/accounts/rules";
import { Link } from "@/i18n/navigation";

const loadSchema = () => import("@/features/accounts/schema").then((schemas) => schemas.emailRequestInput);

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations("Account");
  const locale = useLocale();
  const [sent, setSent] = useState<string | null>(null);
  const { form, busy, failure, error, formProps } = useSchemaForm({
    schema: loadSchema,
    defaultValues: { email: "" },
    send: async (request) => {
      const { message } = await postJson<{ message: string }>(
        inPageLanguage("/api/users/password-reset", locale),
        request,
        "POST",
        t("networkError"),
      );
      setSent(message);
    },
  });

  if (sent) {
    return (
      <div className="space-y-4">
        <FormNotice>{sent}</FormNotice>
        <Link href="/login" className="inline-block font-medium text-brand-700 underline">
          {t("backToLogin")}
        </Link>
      </div>
    );
  }
  return (
    <form {...formProps} className="space-y-4">
      <p className="text-slate-700">{t("forgotText")}</p>
      {failure ? <FormAlert>{failure.message}</FormAlert> : null}
      <Field
        label={t("email")}
        type="email"
        autoComplete="email"
        required
        maxLength={ACCOUNT_TEXT_MAX}
        error={error("email")}
        {...form.register("email")}
      />
      <SubmitButton busy={busy} label={t("forgotSubmit")} busyLabel={t("working")} />
      <Link href="/login" className="inline-block text-sm font-medium text-brand-700 underline">
        {t("backToLogin")}
      </Link>
    </form>
  );
}
